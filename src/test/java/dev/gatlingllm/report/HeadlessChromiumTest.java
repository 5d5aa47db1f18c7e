package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.testing.Chromium;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the page in headless Chromium, offline from a file: URL, and checks that the bundled
 * library drew every chart (the page's own script marks the body when it got to the end without an
 * error). Skipped where no Chromium is installed.
 */
class HeadlessChromiumTest {
  @TempDir Path dir;

  @Test
  void chartsRenderOffline() throws Exception {
    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    Path llm = dir.resolve("llm");
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    Path page = LlmReportWriter.write(recorder.finish(SampleRun.end()), llm, null);
    String rendered = Chromium.dumpDom(chromium, page, dir);
    assertTrue(rendered.contains("data-charts=\"ready\""), "the chart script ran to its end");
    for (String id : concat("chart-timeline", GENERATION_CHARTS)) {
      assertTrue(drawn(rendered, id), id + " was drawn");
    }
  }

  /**
   * The charts of streamed answers, which a run of embeddings and rerank requests alone has not.
   */
  static final List<String> GENERATION_CHARTS =
      List.of(
          "chart-throughput",
          "chart-ttft",
          "chart-tradeoff",
          "chart-dist-ttft",
          "chart-dist-tpot",
          "chart-dist-itl",
          "chart-percentiles");

  private static List<String> concat(String first, List<String> rest) {
    List<String> all = new java.util.ArrayList<>(List.of(first));
    all.addAll(rest);
    return all;
  }

  /** Chart.js sizes each canvas it draws on; an unused canvas keeps no style. */
  static boolean drawn(String renderedDom, String canvasId) {
    return renderedDom.matches(
        "(?s).*<canvas id=\"" + canvasId + "\"[^>]*style=\"[^\"]*height[^\"]*\".*");
  }

  /**
   * With the endpoint's GPUs said, the trade-off's y is output tok/s per GPU: in summary.json (each
   * point's output tok/s / 4, by hand), the table's column, and the chart drawn per GPU.
   */
  @Test
  void theTradeOffIsPerGpuWhenTheGpusAreSaid() throws Exception {
    Path llm = dir.resolve("gpus").resolve("llm");
    RunRecorder recorder =
        new RunRecorder(
            SampleRun.config().withGpus(4),
            new dev.gatlingllm.report.csv.RequestsCsvWriter(
                java.nio.file.Files.createDirectories(llm).resolve(LlmReportWriter.REQUESTS_CSV)));
    SampleRun.record(recorder, n -> true);
    var summary = recorder.finish(SampleRun.end());
    Path page = LlmReportWriter.write(summary, llm, null);
    var json =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(llm.resolve("summary.json").toFile());
    assertTrue(json.path("gpus").asInt() == 4, "summary.json says the GPUs");
    for (var point : json.path("tradeoff")) {
      double output = point.path("output_throughput").asDouble();
      double perGpu = point.path("output_throughput_per_gpu").asDouble();
      assertTrue(Math.abs(perGpu - output / 4) < 1e-9, point.toString());
    }
    String html = java.nio.file.Files.readString(page);
    assertTrue(html.contains("<th>output tok/s per GPU</th>"), "the table's column");
    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    String rendered = Chromium.dumpDom(chromium, page, dir);
    assertTrue(rendered.contains("data-charts=\"ready\""), "the chart script ran to its end");
    assertTrue(
        rendered.matches("(?s).*<canvas id=\"chart-tradeoff\"[^>]*data-per-gpu=\"4\".*"),
        "the trade-off drawn per GPU");
  }
}
