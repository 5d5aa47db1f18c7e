package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.SchemaVerdict;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.stream.AnswerChecking;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Structured output against the simulator, whose {@code schema-invalid} fault spoils a known share
 * of its answers: the invalid answers counted equal the hand count, in requests.csv and in
 * summary.json alike, whether the breach is a wrong type (valid JSON) or cut JSON (not parseable).
 */
class StructuredOutputEndToEndTest {

  private static List<RequestRow> run(Path results, String fault, Map<String, String> properties)
      throws Exception {
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=2;itl=0")
            .fault(fault)
            .build()
            .start()) {
      java.util.Map<String, String> all = new java.util.HashMap<>(properties);
      all.put("test.baseUrl", "http://127.0.0.1:" + simulator.port());
      InProcessGatling.Run run =
          InProcessGatling.run(StructuredOutputSimulation.class, results, all);
      assertEquals(0, run.exitCode(), run.tail());
    }
    return InProcessGatling.requests(results);
  }

  private static long count(List<RequestRow> rows, SchemaVerdict verdict) {
    return rows.stream().filter(row -> row.status().schema() == verdict).count();
  }

  @Test
  void everyFourthAnswerBreaksTheSchemaAndIsCountedSoWithoutAKo(@TempDir Path results)
      throws Exception {
    List<RequestRow> rows = run(results, "schema-invalid;every=4", Map.of("test.requests", "25"));

    assertEquals(100, rows.size());
    assertEquals(25, count(rows, SchemaVerdict.INVALID), "every 4th of 100 answers");
    assertEquals(75, count(rows, SchemaVerdict.VALID));
    assertTrue(rows.stream().allMatch(row -> row.status().ok()), "a breach is no KO by default");

    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(75, summary.path("schema_valid").asLong());
    assertEquals(25, summary.path("schema_invalid").asLong());
    assertEquals(0.75, summary.path("schema_valid_share").asDouble(), 1e-9);
    // Each level's figure is the count of its rows in requests.csv.
    JsonNode levels = summary.path("levels");
    assertTrue(levels.size() >= 1);
    long levelsInvalid = 0;
    for (JsonNode level : levels) {
      int index = level.path("index").asInt();
      long fromCsv =
          rows.stream()
              .filter(row -> row.placement().level() == index && row.placement().inWindow())
              .filter(row -> row.status().schema() == SchemaVerdict.INVALID)
              .count();
      assertEquals(fromCsv, level.path("schema_invalid").asLong(), "level " + index);
      levelsInvalid += fromCsv;
    }
    assertEquals(25, levelsInvalid);
    String csv = Files.readString(InProcessGatling.llmDir(results).resolve("requests.csv"));
    assertTrue(
        List.of(csv.lines().findFirst().orElseThrow().split(",")).contains("schema_valid"),
        "requests.csv names the column");
  }

  @Test
  void cutJsonIsInvalidAndKoWhenAsked(@TempDir Path results) throws Exception {
    List<RequestRow> rows =
        run(
            results,
            "schema-invalid;every=2;as=truncate",
            Map.of("test.requests", "5", "test.ko", "true"));

    assertEquals(20, rows.size());
    assertEquals(10, count(rows, SchemaVerdict.INVALID), "every 2nd of 20, not parseable");
    assertEquals(10, count(rows, SchemaVerdict.VALID));
    List<RequestRow> failed = rows.stream().filter(row -> !row.status().ok()).toList();
    assertEquals(10, failed.size(), "koWhenInvalid: each invalid answer is a KO");
    for (RequestRow row : failed) {
      assertEquals(SchemaVerdict.INVALID, row.status().schema());
      assertEquals(AnswerChecking.SCHEMA_BREACH, row.status().error());
    }
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(10, summary.path("schema_invalid").asLong(), "a KO still counts as invalid");
    assertEquals(10, summary.path("failed").asLong());
  }
}
