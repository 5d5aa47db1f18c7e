package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.InProcessGatling.Run;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answer checks in a real run: met, the request stays OK; failed, it is KO in Gatling's stats with
 * its message.
 */
class AnswerChecksEndToEndTest {
  @TempDir Path results;

  @Test
  void aFailedCheckIsAKoWithItsMessageAndAMetOneStaysOk() {
    Run run;
    try (LlmSimulator simulator = LlmSimulator.builder().timing("ttft=10;itl=5").build().start()) {
      System.setProperty("test.baseUrl", simulator.baseUri().toString());
      run = InProcessGatling.run(AnswerChecksSimulation.class, results);
    } finally {
      System.clearProperty("test.baseUrl");
    }
    assertEquals(0, run.exitCode(), "good: no KO, short: every request KO\n" + run.tail());
    assertTrue(
        run.console()
            .contains(
                "check failed: fewer than "
                    + (AnswerChecksSimulation.TOKENS + 1)
                    + " output tokens"),
        run.tail());
  }
}
