package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.report.SampleRun;
import dev.gatlingllm.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LLM page's small things, as Chromium draws it: the trade-off chart's labels (the baseline's
 * too) inside its area, no fractional request ticks on the log count axes, an SLO far above the
 * figures not deciding the TTFT axis, rate columns only with a rate budget or a 429, plain column
 * names, a badge that does not wrap.
 */
class PageDetailsTest {
  @TempDir Path dir;

  @Test
  void thePagesChartsAndTablesReadPlainly() throws Exception {
    Path llm = dir.resolve("llm");
    RunRecorder recorder = Comparisons.sampleRun(llm);
    // Ten answers that asked for 64 tokens and stopped at 11: the output lengths' table has a say.
    for (int i = 0; i < 10; i++) {
      recorder.record(
          "chat",
          SampleRun.end() - 55_000 + i * 100,
          dev.gatlingllm.metrics.request.ResultBuilder.result()
              .sendLatenessNanos(0)
              .ttftNanos(30_000_000)
              .e2elNanos(130_000_000)
              .tpotNanos(10_000_000)
              .durationNanos(131_000_000)
              .tokenEvents(11)
              .itlNanos(new long[] {10_000_000})
              .outputTokens(11, dev.gatlingllm.metrics.request.TokenCountSource.SERVER_USAGE)
              .generation(64, "stop")
              .build());
    }
    // The baseline's fastest streams far right, where a label right of its point would be cut.
    String html =
        Comparisons.pageWithBaseline(
            llm,
            recorder,
            new RunSample.LevelPoint("1 stream", 1, 95, 95, Double.NaN, 40, 60),
            new RunSample.LevelPoint("4 streams", 4, 70, 280, Double.NaN, 90, 140));
    Path page = llm.resolve("index.html");
    assertFalse(html.contains("untrusted:"), "no jargon in the levels' header");
    assertTrue(
        html.contains("<th title=\"")
            && html.contains(">doubted usage / dropped gaps / cut answers</th>"));
    assertTrue(html.matches("(?s).*\\.tag\\{[^}]*white-space:nowrap.*"), "the badge never wraps");
    // No rate budget and no 429: the output lengths without the rate columns.
    assertTrue(html.contains("<h2>Output lengths</h2>"), "the lengths' table");
    assertFalse(html.contains("metered tok/min"), "no rate column without a limit");
    assertFalse(html.contains("<th>HTTP 429</th>"), "no 429 column without a limit");

    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    String dom = Chromium.dumpDom(chromium, page, dir.resolve("a"));
    assertTrue(dom.contains("data-charts=\"ready\""), "the chart script ran to its end");
    assertEquals("0", attribute(dom, "chart-tradeoff", "data-labels-outside"), "labels inside");
    for (String chart : List.of("chart-dist-ttft", "chart-dist-tpot", "chart-dist-itl")) {
      String ticks = attribute(dom, chart, "data-count-ticks");
      assertFalse(ticks.isBlank(), chart + " has count ticks");
      for (String tick : ticks.split(" ")) {
        double value = Double.parseDouble(tick);
        assertTrue(
            value >= 1 && Math.log10(value) == Math.rint(Math.log10(value)),
            chart + ": whole powers of ten only, was " + ticks);
      }
    }
    // The sample's TTFTs reach 830 ms: its 500 ms SLO lies among them and is drawn.
    assertEquals("0", attribute(dom, "chart-ttft", "data-bounds-above"));

    // An SLO a hundred times above every TTFT is named above the chart, not drawn down to it.
    Files.writeString(page, html.replace("\"sloTtftMs\":500.0", "\"sloTtftMs\":50000.0"));
    String far = Chromium.dumpDom(chromium, page, dir.resolve("b"));
    assertEquals("1", attribute(far, "chart-ttft", "data-bounds-above"));
  }

  private static String attribute(String dom, String id, String name) {
    Matcher m =
        Pattern.compile("<canvas id=\"" + id + "\"[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
    assertTrue(m.find(), id + " has " + name);
    return m.group(1);
  }
}
