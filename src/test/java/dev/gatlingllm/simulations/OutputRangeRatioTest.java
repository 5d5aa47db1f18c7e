package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.prompts.OutputLengths;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llm.outputRangeRatio}: each request of the sweep asks for its own output length, the
 * seed's lengths in the order the requests were sent, and with ignore_eos gets exactly that many.
 */
class OutputRangeRatioTest {
  @TempDir Path results;

  @Test
  void eachRequestAsksForItsOwnOutputLengthAndGetsIt() throws Exception {
    try (LlmSimulator server = LlmSimulator.builder().timing("ttft=2;itl=1").build().start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              ConcurrencySweepSimulation.class,
              results,
              Map.of(
                  "llm.baseUrl", server.baseUri().toString(),
                  "llm.levels", "1",
                  "llm.requestsPerLevel", "24",
                  "llm.inputTokens", "16",
                  "llm.outputTokens", "16",
                  "llm.outputRangeRatio", "0.5",
                  "llm.seed", "5",
                  "llm.warmupRequests", "0",
                  "llm.warmupSeconds", "0",
                  "llm.probe", "false"));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows =
        InProcessGatling.requests(results).stream()
            .filter(row -> row.placement().level() == 0)
            .sorted(Comparator.comparingLong(row -> row.placement().startEpochMillis()))
            .toList();
    assertEquals(24, rows.size());
    // one stream: the requests went one after the other, so the n-th sent took the n-th length
    OutputLengths expected = new OutputLengths(16, 0.5, 5);
    for (RequestRow row : rows) {
      assertTrue(row.status().ok());
      long length = expected.next();
      assertEquals(length, row.tokens().maxTokens(), "its own max_tokens");
      assertEquals(length, row.tokens().outputTokens(), "ignore_eos: exactly that many");
      assertTrue(length >= 8 && length <= 24);
    }
    Set<Long> distinct =
        rows.stream().map(row -> row.tokens().outputTokens()).collect(Collectors.toSet());
    assertTrue(distinct.size() >= 5, "lengths vary: " + distinct);
  }
}
