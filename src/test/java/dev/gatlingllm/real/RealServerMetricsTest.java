package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ready sweep against a real llama.cpp server started with {@code --metrics}: its page is read
 * in llama.cpp's names, and its count of predicted tokens is the sum of the usage every response
 * reported (skipped when the binary or the model is missing).
 */
class RealServerMetricsTest {
  @TempDir Path results;

  private static final Map<String, String> PROPERTIES =
      Map.of(
          "llm.levels",
          "1,3",
          "llm.requestsPerLevel",
          "6",
          "llm.inputTokens",
          "24",
          "llm.outputTokens",
          "16",
          "llm.warmupRequests",
          "1",
          "llm.warmupSeconds",
          "0",
          "llm.rampSeconds",
          "0",
          "llm.serverMetrics",
          "true",
          "llm.model",
          "stories260K");

  @AfterEach
  void clear() {
    PROPERTIES.keySet().forEach(System::clearProperty);
    System.clearProperty("llm.baseUrl");
    System.clearProperty("llm.probe");
  }

  @Test
  void llamaCppsOwnCountersAgreeWithTheUsageItSent() throws Exception {
    var binary = LlamaServer.binary();
    var model = LlamaServer.model("stories260K.gguf");
    assumeTrue(binary.isPresent(), "llama-server not built (bash scripts/real-server.sh build)");
    assumeTrue(model.isPresent(), "stories260K.gguf not found");
    try (LlamaServer server = LlamaServer.start(binary.get(), model.get(), "stories260K", 4)) {
      PROPERTIES.forEach(System::setProperty);
      System.setProperty("llm.baseUrl", server.baseUrl());
      // the one-request check before the load would be one more request in the server's counts
      System.setProperty("llm.probe", "false");
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                "dev.gatlingllm.simulations.ConcurrencySweepSimulation",
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      assertEquals(0, exit);
    }
    Path llm = InProcessGatling.llmDir(results);
    ObjectMapper json = new ObjectMapper();
    JsonNode summary = json.readTree(llm.resolve("summary.json").toFile());
    assertEquals(
        "llama.cpp",
        summary.path("server_metrics").path("engine").asText(),
        summary.path("server_metrics").toString());
    // Every response's usage.completion_tokens, the warm-up's included (the server counted it too).
    List<String> rows = Files.readAllLines(llm.resolve("requests.csv"));
    List<String> header = List.of(rows.get(0).split(","));
    int outputTokens = header.indexOf("output_tokens");
    int status = header.indexOf("status");
    long sent =
        rows.stream()
            .skip(1)
            .map(row -> row.split(","))
            .peek(cells -> assertEquals("OK", cells[status]))
            .mapToLong(cells -> Long.parseLong(cells[outputTokens]))
            .sum();
    assertEquals(1 + 12, rows.size() - 1);
    JsonNode samples =
        json.readTree(llm.resolve("run.json").toFile()).path("server_metrics").path("samples");
    JsonNode last = samples.get(samples.size() - 1);
    assertEquals(
        sent, last.get(5).asLong(), "llamacpp:tokens_predicted_total after the run: " + last);
    for (JsonNode sample : samples) {
      assertTrue(
          sample.get(1).asInt() <= 3,
          "never more requests processing than the top level's 3: " + sample);
    }
    for (JsonNode level : summary.path("levels")) {
      assertTrue(
          level.path("server").path("peak_running_requests").asDouble(0)
              <= level.path("concurrency").asInt(),
          level.path("server").toString());
    }
  }
}
