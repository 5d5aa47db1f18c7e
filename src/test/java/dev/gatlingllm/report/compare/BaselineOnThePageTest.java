package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.testing.Chromium;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LLM page of a run compared with a baseline, as Chromium draws it offline: every chart, the
 * baseline's curve on the trade-off chart, and the comparison's section before the charts.
 */
class BaselineOnThePageTest {
  @TempDir Path dir;

  @Test
  void theBaselinesCurveIsDrawnBesideTheRunsOnTheTradeOffChart() throws Exception {
    Path llm = dir.resolve("llm");
    RunRecorder recorder = Comparisons.sampleRun(llm);
    String html =
        Comparisons.pageWithBaseline(
            llm,
            recorder,
            new RunSample.LevelPoint("2 streams", 2, 60, 110, Double.NaN, 90, 140),
            new RunSample.LevelPoint("4 streams", 4, 50, 190, Double.NaN, 120, 210),
            new RunSample.LevelPoint("8 streams", 8, 30, 230, Double.NaN, 400, 900));
    assertTrue(html.indexOf("<h2>Against the baseline</h2>") < html.indexOf("<h2>Charts</h2>"));
    Path page = llm.resolve("index.html");

    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    String dom = Chromium.dumpDom(chromium, page, dir);
    assertTrue(dom.contains("data-charts=\"ready\""), "the chart script ran to its end");
    assertTrue(
        dom.matches("(?s).*<canvas id=\"chart-tradeoff\"[^>]*data-baseline=\"drawn\".*"),
        "the baseline's curve drawn");
    for (String chart : java.util.List.of("chart-throughput", "chart-ttft")) {
      assertTrue(
          dom.matches("(?s).*<canvas id=\"" + chart + "\"[^>]*data-baseline=\"drawn\".*"),
          "the baseline's levels drawn against load in " + chart);
    }
  }
}
