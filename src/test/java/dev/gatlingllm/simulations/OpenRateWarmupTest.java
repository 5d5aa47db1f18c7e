package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.testing.GatlingConsoleStats;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open model warms the JVM up before its first rate, as the sweep does: closed users, as many
 * as the first rate's requests per second under the cap, until the compilers are quiet; their
 * requests are in no figure and no Gatling record.
 */
class OpenRateWarmupTest {
  @TempDir Path results;

  @Test
  void theOpenModelWarmsUpAtTheFirstRateAndLeavesTheWarmUpOutOfEveryCount() throws Exception {
    Map<String, String> properties =
        Map.of(
            "llm.rates",
            "3,6",
            "llm.levelDuration",
            "2",
            "llm.poisson",
            "false",
            "llm.maxConcurrency",
            "2",
            "llm.warmupSeconds",
            "4",
            "llm.inputTokens",
            "16",
            "llm.outputTokens",
            "4");
    InProcessGatling.Run run = InProcessGatling.run(OpenRateSimulation.class, results, properties);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.console().contains("gatling-llm: warm-up of 2 streams ended after"),
        "3 req/s capped at 2 streams: " + run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(6 + 12, summary.path("completed").asInt(), "3 req/s then 6 req/s, 2 s each");
    var gatling = GatlingConsoleStats.lastTable(run.console());
    assertEquals(
        18,
        gatling.get("chat").total(),
        "the warm-up's requests are in no Gatling record: " + gatling);
  }
}
