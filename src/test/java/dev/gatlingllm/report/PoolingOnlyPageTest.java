package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.PooledInputs;
import dev.gatlingllm.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of a run of embeddings requests alone: its levels table and charts read in requests/s,
 * inputs/s, input tok/s and E2EL, and the generation charts and columns (TTFT, TPOT, ITL, the
 * trade-off of output tok/s), which such a run has nothing for, are left out; a mixed run keeps
 * them all. Checked in the HTML, then drawn in headless Chromium where it is installed.
 */
class PoolingOnlyPageTest {
  private static final List<String> GENERATION_CHARTS = HeadlessChromiumTest.GENERATION_CHARTS;

  @TempDir Path dir;

  private static RunSummary embeddingsSweep(boolean withChat) {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    if (withChat) {
      SampleRun.record(recorder, n -> true);
    }
    SampleRun.recordEmbeddingsSweep(recorder, new int[] {10, 20, 21}, new long[] {20, 30, 80});
    return recorder.finish(SampleRun.end());
  }

  /** The levels table's header row. */
  private static String sweepHeaders(String html) {
    int table = html.indexOf("<table id=\"sweep\">");
    return html.substring(table, html.indexOf("</thead>", table));
  }

  private static String canvas(String id) {
    return "<canvas id=\"" + id + "\">";
  }

  @Test
  void aPoolingOnlyPageReadsInInputsAndE2elWithoutTheGenerationChartsAndColumns() {
    RunSummary summary = embeddingsSweep(false);
    String html = HtmlPage.render(summary, null);
    String headers = sweepHeaders(html);
    assertTrue(
        headers.contains(
            "<th>requests/s</th><th>inputs/s</th><th>input tok/s</th><th>E2EL p50 ms</th>"
                + "<th>E2EL p99 ms</th>"),
        headers);
    for (String generation : List.of("TTFT", "TPOT", "ITL p", "output tok/s", "per-stream")) {
      assertFalse(headers.contains(generation), generation + " in " + headers);
    }
    for (LevelFigures level : summary.levels()) {
      PooledInputs pooled = level.figures().pooled();
      String row =
          html.lines()
              .filter(
                  line -> line.startsWith("<tr") && line.contains("><td>" + level.level().label()))
              .findFirst()
              .orElseThrow();
      String cells =
          cell(Numbers.fixed(pooled.requestThroughput(), 2))
              + cell(Numbers.fixed(pooled.inputsPerSecond(), 2))
              + cell(Numbers.fixed(pooled.inputTokensPerSecond(), 1))
              + cell(Numbers.fixed(pooled.e2el().p50(), 1))
              + cell(Numbers.fixed(pooled.e2el().p99(), 1));
      assertTrue(row.contains(cells), "the level's own figures: " + row);
    }
    for (String id : GENERATION_CHARTS) {
      assertFalse(html.contains(canvas(id)), id + " is left out");
    }
    assertFalse(html.contains("<table id=\"tradeoff\">"), "no output tokens to trade");
    assertTrue(html.contains(canvas("chart-pooling")), "inputs/s and E2EL p99 against load");
    JsonNode levels = chartLevels(summary);
    assertEquals(3, levels.size());
    assertEquals(
        summary.levels().get(2).figures().pooled().inputsPerSecond(),
        levels.get(2).path("inputsPerSecond").asDouble(),
        1e-9);
    assertEquals(80.0, levels.get(2).path("pooledE2elP99").asDouble(), 0.1);
  }

  @Test
  void aMixedRunKeepsEveryChartAndColumn() {
    String html = HtmlPage.render(embeddingsSweep(true), null);
    String headers = sweepHeaders(html);
    assertTrue(headers.contains("<th>TTFT p50 ms</th>"), headers);
    assertTrue(headers.contains(PooledInputsSection.HEADERS), "and the pooling columns");
    for (String id : GENERATION_CHARTS) {
      assertTrue(html.contains(canvas(id)), id + " is kept");
    }
    assertFalse(html.contains(canvas("chart-pooling")));
  }

  @Test
  void chromiumDrawsThePoolingOnlyPage() throws Exception {
    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    Path llm = Files.createDirectories(dir.resolve("llm"));
    Path page = LlmReportWriter.write(embeddingsSweep(false), llm, null);
    String rendered = Chromium.dumpDom(chromium, page, dir);
    assertTrue(rendered.contains("data-charts=\"ready\""), "the chart script ran to its end");
    for (String id : List.of("chart-timeline", "chart-pooling")) {
      assertTrue(HeadlessChromiumTest.drawn(rendered, id), id + " was drawn");
    }
  }

  private static JsonNode chartLevels(RunSummary summary) {
    try {
      return Json.MAPPER.readTree(ChartData.json(summary)).path("levels");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }
}
