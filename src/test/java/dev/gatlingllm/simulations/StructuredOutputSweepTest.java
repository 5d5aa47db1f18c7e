package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The structured output sweep against a server that breaks every 4th structured answer: a quarter
 * of the answers counted invalid, per level and for the run, the requests still OK; by hand from
 * requests.csv.
 */
class StructuredOutputSweepTest {
  @TempDir Path results;

  @Test
  void theShareOfValidAnswersPerLevelIsWhatTheServerKept() throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder()
            .timing("ttft=5;itl=1")
            .fault("schema-invalid;every=4")
            .build()
            .start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              StructuredOutputSweepSimulation.class,
              results,
              Map.of(
                  "llm.baseUrl", server.baseUri().toString(),
                  "llm.levels", "1,2",
                  "llm.requestsPerLevel", "8",
                  "llm.inputTokens", "16",
                  "llm.warmupRequests", "0",
                  "llm.warmupSeconds", "0",
                  "llm.probe", "false"));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows = InProcessGatling.requests(results);
    JsonNode levels = InProcessGatling.summary(results).path("levels");
    assertEquals(2, levels.size());
    long allValid = 0;
    long allInvalid = 0;
    for (int level = 0; level < 2; level++) {
      long valid = 0;
      long invalid = 0;
      for (RequestRow row : rows) {
        if (row.placement().level() != level || !row.placement().inWindow()) continue;
        assertTrue(row.status().ok(), "an invalid answer leaves the request OK");
        SchemaVerdict verdict = row.status().schema();
        assertTrue(verdict.judged(), "every answer judged");
        if (verdict == SchemaVerdict.VALID) valid++;
        else invalid++;
      }
      assertEquals(valid, levels.get(level).path("schema_valid").asLong(), "level " + level);
      assertEquals(
          (double) valid / (valid + invalid),
          levels.get(level).path("schema_valid_share").asDouble(),
          1e-9);
      allValid += valid;
      allInvalid += invalid;
    }
    // the server counts structured answers across the run: every 4th of 16 broken
    assertEquals(16, allValid + allInvalid);
    assertEquals(4, allInvalid);
  }
}
