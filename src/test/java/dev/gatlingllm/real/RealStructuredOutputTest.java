package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real llama-server honours a JSON schema in both forms it takes (OpenAI's {@code
 * response_format} on chat, its own top-level {@code json_schema} on completions): every answer
 * validates. Skipped like {@link RealLlamaServerTest} when the binary is not built.
 */
class RealStructuredOutputTest {
  @TempDir Path results;

  @Test
  void everyAnswerOfTheGrammarConstrainedServerValidates() throws Exception {
    try (LlamaServer server = RealLlamaServerTest.start(4)) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              RealStructuredOutputSimulation.class,
              results,
              Map.of("test.baseUrl", server.baseUrl()));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows = InProcessGatling.requests(results);
    int expected =
        RealStructuredOutputSimulation.CHATS + RealStructuredOutputSimulation.COMPLETIONS;
    assertEquals(expected, rows.size());
    // The grammar makes every answer the model ends itself valid; one cut at its token limit (the
    // model spent it on white space the grammar allows) is not JSON, and is counted invalid.
    long cut = 0;
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      if ("length".equals(row.tokens().finishReason())) {
        cut++;
        assertEquals(SchemaVerdict.INVALID, row.status().schema(), "a cut answer is not JSON");
        continue;
      }
      assertEquals(
          SchemaVerdict.VALID,
          row.status().schema(),
          row.placement().requestName() + " answered outside its schema");
    }
    assertTrue(cut * 2 < expected, cut + " of " + expected + " answers cut at their limit");
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(expected - cut, summary.path("schema_valid").asLong());
    assertEquals(cut, summary.path("schema_invalid").asLong());
  }
}
