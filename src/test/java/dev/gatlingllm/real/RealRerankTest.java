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
 * A real llama-server started with {@code --reranking} answers {@code /v1/rerank} in the Cohere /
 * Jina form: each request of 5 documents, top 3 asked, gets results the client accepts (at most one
 * per document, each with its index and a numeric score) and its usage; the figures follow. The
 * repository's model is a generative one without a classification head, so llama.cpp's rank pooling
 * scores each document by the first hidden value at its first token: the scores mean nothing, the
 * wire, the batching and the timings are real. Skipped like {@link RealLlamaServerTest} when the
 * binary is not built.
 */
class RealRerankTest {
  @TempDir Path results;

  @Test
  void everyQueryOfFiveDocumentsIsAnsweredWithScoredResultsAndItsUsage() throws Exception {
    try (LlamaServer server =
        LlamaServer.start(
            RealLlamaServerTest.binary(),
            LlamaServer.model(RealLlamaServerTest.MODEL).orElseThrow(),
            "stories260K",
            2,
            List.of("--reranking"))) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              RealRerankSimulation.class, results, Map.of("test.baseUrl", server.baseUrl()));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(RealRerankSimulation.USERS * RealRerankSimulation.REPEATS, rows.size());
    long inputs = 0;
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(RealRerankSimulation.DOCUMENTS.size(), row.tokens().inputs());
      assertEquals(TokenCountSource.SERVER_USAGE, row.tokens().inputTokenSource());
      // each document is a prompt of the query and the document, a token each at least
      assertTrue(row.tokens().inputTokens() >= 2L * row.tokens().inputs(), row.toString());
      assertEquals(-1, row.latency().ttftMicros());
      assertTrue(row.latency().e2elMicros() > 0);
      if (row.placement().inWindow()) inputs += row.tokens().inputs();
    }
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(inputs, summary.path("inputs").asLong());
    assertEquals(
        inputs / summary.path("duration").asDouble(),
        summary.path("inputs_per_second").asDouble(),
        1e-6 * inputs);
  }
}
