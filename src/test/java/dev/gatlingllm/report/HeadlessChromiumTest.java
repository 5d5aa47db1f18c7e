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
    for (String id :
        List.of(
            "chart-timeline",
            "chart-throughput",
            "chart-ttft",
            "chart-tradeoff",
            "chart-dist-ttft",
            "chart-dist-tpot",
            "chart-dist-itl",
            "chart-percentiles")) {
      // Chart.js sizes each canvas it draws on; an unused canvas keeps no style.
      assertTrue(
          rendered.matches("(?s).*<canvas id=\"" + id + "\"[^>]*style=\"[^\"]*height[^\"]*\".*"),
          id + " was drawn");
    }
  }
}
