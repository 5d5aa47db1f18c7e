package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open model whose client cannot send as fast as requests arrive: 4 req/s offered for 5 s, at
 * most 2 streams, against a server of known timing (first token 200 ms after the request, then one
 * every 20 ms: 32 tokens take 820 ms, so 2 streams serve about 2.4 req/s). From the send every TTFT
 * is about 200 ms; from the arrival the wait grows with the queue. The level is no capacity, and
 * the report shows the rate it really ran at.
 */
class OpenRateCapacityTest {
  @TempDir Path results;

  private static final Map<String, String> QUEUED =
      Map.of(
          "llm.rates",
          "4",
          "llm.levelDuration",
          "5",
          "llm.poisson",
          "false",
          "llm.maxConcurrency",
          "2",
          "llm.outputTokens",
          "32",
          "llm.inputTokens",
          "16",
          "llm.warmupSeconds",
          "0");

  @Test
  void aRateTheServerCannotServeIsNeverTheCapacity() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=200;itl=20")
            .build()
            .start()) {
      Map<String, String> properties = new HashMap<>(QUEUED);
      properties.put("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      run = InProcessGatling.run(OpenRateSimulation.class, results, properties);
    }
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    JsonNode level = summary.path("levels").get(0);
    assertTrue(
        summary.path("capacity").isNull() || summary.path("capacity").isMissingNode(),
        "4 req/s is no capacity: " + summary.path("capacity"));
    assertTrue(
        level.path("median_ttft_ms").asDouble() < 500,
        "from the send, the TTFT looks fine: " + level);
    assertTrue(
        level.path("p99_ttft_from_scheduled_ms").asDouble() > 1_000,
        "from the arrival it is not: " + level);
    assertEquals(4.0, level.path("arrival_rate").asDouble(), 0.2, "arrivals at the offered rate");
    // 2 streams of 820 ms: about 2.4 req/s sent (a busy machine makes it a little slower).
    double sent = level.path("achieved_request_rate").asDouble();
    assertTrue(sent > 1.5 && sent < 2.8, "sent at the rate the server served: " + sent);
    assertEquals(false, level.path("keeps_offered_rate").asBoolean(true), level.toString());
    assertTrue(
        summary.path("capacity_story").asText().contains("4.0 req/s"),
        summary.path("capacity_story").asText());
  }
}
