package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prefix-sharing workload through the ready sweep against the embedded simulator: three groups
 * of a 32-token prefix in 96-token prompts, every request served (the prompts themselves are
 * checked exact in {@code RandomPromptsTest}, and against llama.cpp's counts in {@code
 * RealWorkloadsTest}).
 */
class PrefixGroupsEndToEndTest {
  @TempDir Path results;

  @Test
  void theSweepRunsWithGroupsOfSharedPrefixes() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            ConcurrencySweepSimulation.class,
            results,
            Map.of(
                "llm.levels",
                "1,3",
                "llm.requestsPerStream",
                "2",
                "llm.inputTokens",
                "96",
                "llm.prefixTokens",
                "32",
                "llm.prefixGroups",
                "3",
                "llm.outputTokens",
                "8",
                "llm.warmupSeconds",
                "0",
                "llm.warmupRequests",
                "0"));
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(8, summary.path("completed").asInt(), "2 x (1 + 3) requests");
    assertEquals(0, summary.path("failed").asInt());
    assertEquals(
        8 * 8, summary.path("total_output_tokens").asInt(), summary.toString().substring(0, 200));
  }
}
