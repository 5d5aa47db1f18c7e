package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The figure catalogue holds every figure of a window: each has its line in docs/metrics.md, and a
 * level of {@code summary.json} holds no figure the catalogue does not declare (a figure written by
 * hand, beside it, fails here), but for the level's own description and its nested parts.
 */
class FigureCatalogueTest {
  /** What a level says of itself and its verdict, and the objects its figures nest in. */
  private static final Set<String> NOT_FIGURES =
      Set.of(
          "index",
          "label",
          "concurrency",
          "request_rate",
          "arrival_rate",
          "achieved_request_rate",
          "keeps_offered_rate",
          "start_epoch_ms",
          "measure_from_epoch_ms",
          "end_epoch_ms",
          "duration",
          "meets_target",
          "attainment",
          "cost_per_million_output_tokens",
          "repeats",
          "server",
          "output_token_source",
          "output_token_sources",
          "token_count_mismatch",
          "untrusted_streams",
          "errors");

  @TempDir Path llm;

  @Test
  void everyFigureHasItsLineInMetricsMd() throws Exception {
    String metrics = Files.readString(Path.of("docs/metrics.md"));
    List<String> missing = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (FigureCatalogue.Figure figure : FigureCatalogue.WINDOW) {
      assertTrue(keys.add(figure.key()), "declared twice: " + figure.key());
      assertFalse(figure.label().isBlank(), figure.key());
      assertFalse(figure.kinds().isEmpty(), figure.key());
      String named =
          figure.value() instanceof FigureCatalogue.Spread
              ? "`" + figure.key() + "` (ms)"
              : "`" + figure.key() + "`";
      if (!metrics.contains(named)) {
        missing.add(named);
      }
    }
    assertEquals(List.of(), missing, "figures without their line in docs/metrics.md");
  }

  @Test
  void aLevelHoldsOnlyTheCataloguesFigures() throws Exception {
    RunRecorder recorder = SampleRun.recorder(Files.createDirectories(llm));
    SampleRun.record(recorder, n -> true);
    SampleRun.recordEmbeddingsSweep(recorder, new int[] {30, 30}, new long[] {40, 60});
    RunSummary summary = recorder.finish(SampleRun.end());
    Set<String> declared = new HashSet<>();
    FigureCatalogue.WINDOW.forEach(figure -> declared.addAll(FigureCatalogue.keys(figure)));
    JsonNode level = SummaryJson.of(summary).path("levels").get(0);
    List<String> undeclared = new ArrayList<>();
    level
        .fieldNames()
        .forEachRemaining(
            key -> {
              if (!declared.contains(key) && !NOT_FIGURES.contains(key)) {
                undeclared.add(key);
              }
            });
    assertEquals(List.of(), undeclared, "figures written beside the catalogue");
    assertEquals(
        summary.levels().get(0).figures().throughput().outputThroughput(),
        level.path("output_throughput").asDouble(),
        1e-9,
        "the catalogue's getter is the figure's");
    assertTrue(level.has("pooled_requests"), "a level with embeddings has their figures");
  }
}
