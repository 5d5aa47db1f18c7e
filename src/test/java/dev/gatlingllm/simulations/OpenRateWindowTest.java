package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open-model level against a server that keeps up reads the rate it offered: 2 req/s for 20 s,
 * each request answered in about 60 ms, is 40 requests over the 20 s arrival window, 2.0 completed
 * req/s, and its 16-token answers 32 output tok/s (metrics.md, "Run and level figures").
 */
class OpenRateWindowTest {
  @TempDir Path results;

  @Test
  void aServerThatKeepsUpShowsTheOfferedRate() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=30;itl=2").build().start()) {
      run =
          InProcessGatling.run(
              OpenRateSimulation.class,
              results,
              Map.of(
                  "llm.baseUrl", "http://127.0.0.1:" + simulator.port(),
                  "llm.rates", "2",
                  "llm.levelDuration", "20",
                  "llm.poisson", "false",
                  "llm.outputTokens", "16",
                  "llm.inputTokens", "16",
                  "llm.warmupSeconds", "0"));
    }
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode level = InProcessGatling.summary(results).path("levels").get(0);
    assertEquals(40, level.path("completed").asLong(), level.toString());
    assertEquals(20.0, level.path("duration").asDouble(), 0.2, "the arrival window: " + level);
    assertEquals(2.0, level.path("request_throughput").asDouble(), 0.05, level.toString());
    assertEquals(2.0, level.path("arrival_rate").asDouble(), 0.05, level.toString());
    assertEquals(32.0, level.path("output_throughput").asDouble(), 1.0, level.toString());
  }
}
