package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.server.ServerEngine;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.metrics.server.ServerSample;
import dev.gatlingllm.metrics.stats.PerSecondSeries;
import dev.gatlingllm.testing.Chromium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page's chart over time of a run of embeddings and rerank requests alone: the inputs its
 * answers delivered per second, counted in the second each answer ended, in place of an output
 * tok/s line that would stay at 0; run.json keeps them for a merge. A mixed run keeps its output
 * tok/s.
 */
class PoolingTimelineTest {
  private static final long T0 = SampleRun.T0;

  @TempDir Path dir;

  /**
   * 10 embeddings requests of 8 inputs each, sent at 5.0 s, 5.1 s, ..., 5.9 s and done 20 ms later.
   */
  private static RunSummary embeddings(boolean withChat) {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    if (withChat) {
      SampleRun.record(recorder, n -> true);
    }
    for (int i = 0; i < 10; i++) {
      recorder.record("embed", T0 + 5_000 + i * 100L, SampleRun.okEmbeddings(20));
    }
    // One more, sent at 6.990 s, whose answer ends in the next second (7.010 s).
    recorder.record("embed", T0 + 6_990, SampleRun.okEmbeddings(20));
    return recorder.finish(SampleRun.end());
  }

  @Test
  void theTimelineCountsPooledInputsInTheSecondTheirAnswerEnded() {
    long[] inputs = embeddings(false).timeline().pooledInputs();
    assertEquals(80, inputs[5]);
    assertEquals(0, inputs[6]);
    assertEquals(8, inputs[7]);
    assertEquals(88, java.util.Arrays.stream(inputs).sum());
  }

  @Test
  void aPoolingOnlyPageDrawsInputsPerSecondOverTime() {
    RunSummary summary = embeddings(false);
    JsonNode timeline = chartData(summary).path("timeline");
    assertFalse(timeline.has("outputTokens"), "no output tok/s line that stays at 0");
    JsonNode inputs = timeline.path("pooledInputs");
    assertEquals(summary.timeline().seconds(), inputs.size());
    assertEquals(80.0, inputs.get(5).asDouble(), 1e-9);
    assertEquals(8.0, inputs.get(7).asDouble(), 1e-9);
    assertEquals(summary.timeline().seconds(), timeline.path("activeStreams").size());
    String html = HtmlPage.render(summary, null);
    assertTrue(html.contains("Inputs/s and requests in flight over time"));
    assertFalse(html.contains("Output tok/s and streams in flight over time"));
  }

  @Test
  void aMixedPageKeepsItsOutputTokensPerSecond() {
    RunSummary summary = embeddings(true);
    JsonNode timeline = chartData(summary).path("timeline");
    assertTrue(timeline.path("outputTokens").size() > 0);
    assertFalse(timeline.has("pooledInputs"));
    assertTrue(
        HtmlPage.render(summary, null).contains("Output tok/s and streams in flight over time"));
  }

  @Test
  void runJsonKeepsThePooledInputsForAMerge() throws IOException {
    RunSummary summary = embeddings(false);
    Path file = dir.resolve("run.json");
    Files.writeString(file, Json.MAPPER.writeValueAsString(RunJson.of(summary)));
    PerSecondSeries read = RunJson.read(file).timeline();
    assertArrayEquals(summary.timeline().pooledInputs(), read.pooledInputs());
  }

  /**
   * Drawn in headless Chromium, where it is installed: the chart over time and, with the server's
   * metrics read, the server's chart, which has no client output tok/s line to draw for such a run.
   */
  @Test
  void chromiumDrawsThePoolingTimelineAndTheServersChart() throws Exception {
    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    List<ServerSample> samples = new ArrayList<>();
    for (int second = 0; second <= 60; second += 5) {
      samples.add(
          new ServerSample(
              T0 + second * 1_000L, 2, 0, 0.1, 0, 0, 64.0 * second, null, Double.NaN, Double.NaN));
    }
    RunSummary summary =
        embeddings(false)
            .withServer(
                new ServerMetrics(
                    "http://127.0.0.1/metrics",
                    ServerEngine.VLLM,
                    13,
                    0,
                    null,
                    samples,
                    List.of()));
    Path llm = Files.createDirectories(dir.resolve("llm"));
    Path page = LlmReportWriter.write(summary, llm, null);
    String rendered = Chromium.dumpDom(chromium, page, dir);
    assertTrue(rendered.contains("data-charts=\"ready\""), "the chart script ran to its end");
    for (String id : List.of("chart-timeline", "chart-server")) {
      assertTrue(HeadlessChromiumTest.drawn(rendered, id), id + " was drawn");
    }
  }

  private static JsonNode chartData(RunSummary summary) {
    try {
      return Json.MAPPER.readTree(ChartData.json(summary));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
