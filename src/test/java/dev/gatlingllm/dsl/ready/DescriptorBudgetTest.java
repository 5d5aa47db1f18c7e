package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class DescriptorBudgetTest {
  @Test
  void fifteenHundredStreamsUnderAThousandDescriptorsAreRefusedBeforeTheLoad() {
    assertEquals(
        "the run asks for 1500 concurrent streams, 1628 file descriptors with the run's own files,"
            + " but this JVM may open 1024 and has 90 open: raise the limit (ulimit -n 65536) or"
            + " lower the concurrency",
        DescriptorBudget.problem(1_500, false, 1_024, 90));
    // The embedded simulator holds the other end of each connection in the same JVM.
    assertEquals(
        "the run asks for 500 concurrent streams, 1128 file descriptors (each stream's two ends"
            + " with the embedded simulator) with the run's own files, but this JVM may open 1024"
            + " and has 90 open: raise the limit (ulimit -n 65536) or lower the concurrency",
        DescriptorBudget.problem(500, true, 1_024, 90));
  }

  @Test
  void aRunThatFitsOrALimitUnknownPasses() {
    assertNull(DescriptorBudget.problem(800, false, 1_024, 90), "800 + 128 + 90 <= 1024");
    assertNull(DescriptorBudget.problem(5_000, true, 1_048_576, 200));
    assertNull(DescriptorBudget.problem(5_000, true, -1, 200), "no limit reported");
  }
}
