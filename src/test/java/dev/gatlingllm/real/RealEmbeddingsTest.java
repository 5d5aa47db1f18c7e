package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real llama-server started with {@code --embeddings} (mean pooling: the repository's model is a
 * generative one, whose own pooling, none, llama.cpp does not serve in OpenAI's form) answers every
 * batch of 8 with 8 embeddings and its usage; the figures follow. Skipped like {@link
 * RealLlamaServerTest} when the binary is not built. Rerank: {@link RealRerankTest}.
 */
class RealEmbeddingsTest {
  @TempDir Path results;

  @Test
  void everyBatchOfEightIsAnsweredWithEightEmbeddingsAndItsUsage() throws Exception {
    try (LlamaServer server =
        LlamaServer.start(
            RealLlamaServerTest.binary(),
            LlamaServer.model(RealLlamaServerTest.MODEL).orElseThrow(),
            "stories260K",
            2,
            List.of("--embeddings", "--pooling", "mean"))) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              RealEmbeddingsSimulation.class, results, Map.of("test.baseUrl", server.baseUrl()));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows = InProcessGatling.requests(results);
    int perName = RealEmbeddingsSimulation.USERS * RealEmbeddingsSimulation.REPEATS;
    assertEquals(2 * perName, rows.size());
    long inputs = 0;
    long inputTokens = 0;
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      boolean batch = row.placement().requestName().equals("batch8");
      assertEquals(batch ? 8 : 1, row.tokens().inputs());
      assertEquals(TokenCountSource.SERVER_USAGE, row.tokens().inputTokenSource());
      assertTrue(row.tokens().inputTokens() >= row.tokens().inputs(), "a token per text at least");
      assertEquals(-1, row.latency().ttftMicros());
      assertTrue(row.latency().e2elMicros() > 0);
      if (row.placement().inWindow()) {
        inputs += row.tokens().inputs();
        inputTokens += row.tokens().inputTokens();
      }
    }
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(inputs, summary.path("inputs").asLong());
    assertEquals(inputTokens, summary.path("pooled_input_tokens").asLong());
    assertEquals(
        inputs / summary.path("duration").asDouble(),
        summary.path("inputs_per_second").asDouble(),
        1e-6 * inputs);
  }
}
