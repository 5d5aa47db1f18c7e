package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ready embeddings sweep against the embedded simulator: each level's inputs/s and input tok/s
 * are its own rows' sums over its window, every batch holds {@code llm.embedBatchSize} texts, and
 * the capacity is judged on the E2EL SLO alone, as a chat sweep's is on its SLOs.
 */
class EmbeddingSweepSimulationTest {
  @TempDir Path results;

  @Test
  void eachLevelsInputRatesAreItsRowsOverItsWindowAndTheCapacityIsJudgedOnE2el() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            EmbeddingSweepSimulation.class,
            results,
            Map.of(
                "llm.levels", "1,4",
                "llm.requestsPerStream", "4",
                "llm.inputTokens", "16",
                "llm.embedBatchSize", "4",
                "llm.warmupSeconds", "0",
                "llm.slo.e2elMs", "5000"));
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows = InProcessGatling.requests(results);
    JsonNode summary = InProcessGatling.summary(results);
    JsonNode levels = summary.path("levels");
    assertEquals(2, levels.size());
    for (JsonNode level : levels) {
      int index = level.path("index").asInt();
      List<RequestRow> counted =
          rows.stream()
              .filter(r -> r.placement().level() == index && r.placement().inWindow())
              .filter(r -> r.status().ok())
              .toList();
      assertTrue(counted.size() > 0, level.toString());
      counted.forEach(r -> assertEquals(4, r.tokens().inputs(), "llm.embedBatchSize"));
      long inputs = counted.stream().mapToLong(r -> r.tokens().inputs()).sum();
      long tokens = counted.stream().mapToLong(r -> r.tokens().inputTokens()).sum();
      double window = level.path("duration").asDouble();
      assertEquals(inputs, level.path("inputs").asLong());
      assertEquals(inputs / window, level.path("inputs_per_second").asDouble(), 1e-6 * inputs);
      assertEquals(
          tokens / window, level.path("input_tokens_per_second").asDouble(), 1e-6 * tokens);
      assertTrue(level.path("meets_target").asBoolean(), "no TTFT SLO judges embeddings");
    }
    assertEquals(1, summary.path("capacity").path("level_index").asInt(), summary.toString());
  }
}
