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

  /**
   * The hostile pass's open model: {@code ulimit -n 256}, 100 req/s. Even requests of one second
   * need 100 sockets, 228 descriptors with the run's own files: refused before the load, naming the
   * rate (the server's 5 s requests would have needed 500).
   */
  @Test
  void anOpenModelRateTheLimitCannotHoldIsRefusedBeforeTheLoad() {
    assertEquals(
        "the open model at 100.0 req/s holds about 100 requests in flight when each takes a second,"
            + " more when they take longer: the run asks for 100 concurrent streams, 228 file"
            + " descriptors with the run's own files, but this JVM may open 256 and has 60 open:"
            + " raise the limit (ulimit -n 65536) or lower the concurrency or the rate (or cap it:"
            + " llm.maxConcurrency)",
        DescriptorBudget.openProblem(100, 0, false, 256, 60));
    assertNull(
        DescriptorBudget.openProblem(100, 50, false, 256, 60), "capped at 50: 50 + 128 + 60 fit");
    assertEquals(50, DescriptorBudget.openStreams(100, 50));
    assertEquals(3, DescriptorBudget.openStreams(2.5, 0), "a rate's second, rounded up");
  }

  /**
   * A rate that fits is told how long its requests may take: 1024 descriptors, 90 open, 128 for the
   * run's files leave 806 sockets; at 20 req/s, 40.3 s a request on average.
   */
  @Test
  void anOpenModelThatFitsIsToldHowLongItsRequestsMayTake() {
    assertEquals(
        "the open model at 20.0 req/s: this JVM may open 1024 file descriptors (90 open), room for"
            + " 806 requests in flight; requests taking longer than 40.3 s on average would find"
            + " none, and end KO (raise ulimit -n, or cap llm.maxConcurrency)",
        DescriptorBudget.openNote(20, 0, false, 1_024, 90));
    assertNull(DescriptorBudget.openNote(2, 0, false, 1_024, 90), "403 s: nothing to say");
    assertNull(DescriptorBudget.openNote(20, 100, false, 1_024, 90), "a cap bounds the streams");
  }
}
