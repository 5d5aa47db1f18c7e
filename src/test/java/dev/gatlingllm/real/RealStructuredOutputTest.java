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
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(
          SchemaVerdict.VALID,
          row.status().schema(),
          row.placement().requestName() + " answered outside its schema");
    }
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(expected, summary.path("schema_valid").asLong());
    assertEquals(0, summary.path("schema_invalid").asLong());
    assertEquals(1.0, summary.path("schema_valid_share").asDouble(), 1e-9);
  }
}
