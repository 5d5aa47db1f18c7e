package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.report.BaselineVerdict;
import dev.gatlingllm.report.GatlingPageFigures;
import dev.gatlingllm.report.LlmReportWriter;
import dev.gatlingllm.report.SampleRun;
import dev.gatlingllm.testing.Chromium;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict against a baseline where a team looks first, as Chromium paints it: on a regressed
 * run, a red banner with the regressed figures first under Gatling's title (Gatling 3.15.1's own
 * page) and at the top of the LLM page, before the run's figures, and a KO row in Gatling's
 * assertions table; on a clean run, no red anywhere, a plain banner and an OK row.
 */
class VerdictBannerTest {
  @TempDir Path dir;

  /** TTFT p50 20 % slower at 4 streams, beyond its 10 % threshold and its noise. */
  private static final FigureChange SLOWER =
      new FigureChange(
          "4 streams",
          ComparedFigure.TTFT_P50,
          200,
          240,
          0.20,
          0.15,
          0.25,
          0.10,
          FigureChange.Verdict.REGRESSION,
          0,
          0,
          200,
          200);

  private static final FigureChange SAME =
      new FigureChange(
          "4 streams",
          ComparedFigure.TTFT_P50,
          200,
          201,
          0.005,
          -0.02,
          0.03,
          0.10,
          FigureChange.Verdict.SAME,
          0,
          0,
          200,
          200);

  @Test
  void aRegressedRunIsRedFirstOnBothPagesAndAKoAssertion() throws Exception {
    Pages pages = pages("regressed", SLOWER);
    String gatling = Files.readString(pages.gatling());
    assertTrue(gatling.contains("id=\"llm-verdict-assertion\""), "a row in the assertions table");
    assertTrue(
        gatling.matches(
            "(?s).*id=\"container_assertions\".*<tr id=\"llm-verdict-assertion\">\\s*<td"
                + " class=\"error-col-1 ko total\">\\s*1 regression against the baseline"
                + " /runs/then/llm \\(2 checks: 2 judged \\(1 passed, 1 failed\\)\\).*<td"
                + " class=\"error-col-2 value ko total\">KO</td>.*"),
        "the row KO");

    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    String dom = Chromium.dumpDom(chromium, pages.gatling(), dir.resolve("g"));
    assertTrue(
        dom.matches(
            "(?s).*<div class=\"onglet\">\\s*\\w+\\s*</div>.*<div class=\"article\">\\s*<!-- gatling-llm"
                + " verdict -->\\s*<div id=\"llm-verdict\" class=\"llm-verdict bad\".*"),
        "the banner first under Gatling's title");
    assertTrue(
        dom.contains("<li>4 streams: TTFT p50 ms 200.0 -&gt; 240.0 (+20.0 %)</li>"), "its figure");
    assertTrue(dom.contains("href=\"llm/index.html#baseline\""), "its link to the LLM page");
    assertTrue(red(chromium, pages.gatling(), "g") > 20_000, "painted red");

    String llm = Chromium.dumpDom(chromium, pages.llm(), dir.resolve("l"));
    int banner = llm.indexOf("id=\"verdict-banner\" class=\"llm-verdict bad\"");
    assertTrue(banner > 0 && banner < llm.indexOf("<h2>Run</h2>"), "before the run's figures");
    assertTrue(red(chromium, pages.llm(), "l") > 20_000, "painted red");
  }

  @Test
  void aCleanRunHasNoRedAndAnOkAssertion() throws Exception {
    Pages pages = pages("clean", SAME);
    String gatling = Files.readString(pages.gatling());
    assertTrue(
        gatling.matches(
            "(?s).*<tr id=\"llm-verdict-assertion\">\\s*<td class=\"error-col-1 ok total\">\\s*No"
                + " regression against the baseline /runs/then/llm.*>OK</td>.*"),
        "the row OK");
    assertEquals(1, count(gatling, "id=\"llm-verdict\""), "once");
    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    String dom = Chromium.dumpDom(chromium, pages.gatling(), dir.resolve("g"));
    assertTrue(dom.contains("class=\"llm-verdict good\""), "a plain banner");
    assertEquals(0, red(chromium, pages.gatling(), "g"), "no red on Gatling's page");
    assertEquals(0, red(chromium, pages.llm(), "l"), "no red on the LLM page");
  }

  private record Pages(Path gatling, Path llm) {}

  /** Gatling's page and the LLM page of a run compared with a baseline on one figure. */
  private Pages pages(String name, FigureChange change) throws Exception {
    Path run = dir.resolve(name);
    Path llm = run.resolve("llm");
    RunRecorder recorder = Comparisons.sampleRun(llm);
    RunSummary summary = recorder.finish(SampleRun.end());
    Path page = LlmReportWriter.write(summary, llm, run.resolve("index.html"));
    BaselineComparison comparison = Comparisons.of(llm, List.of(change), List.of());
    BaselineVerdict verdict = ComparisonText.pageVerdict(comparison, true);
    Files.writeString(page, ComparisonText.intoPage(Files.readString(page), comparison, verdict));
    try (InputStream gatlings =
        getClass().getResourceAsStream("/dev/gatlingllm/report/gatling-3.15.1-index.html")) {
      Files.write(run.resolve("index.html"), gatlings.readAllBytes());
    }
    assertTrue(GatlingPageFigures.addTo(run, summary, verdict));
    assertTrue(GatlingPageFigures.addTo(run, summary, verdict), "twice is once");
    return new Pages(run.resolve("index.html"), page);
  }

  /** The pixels of the banner's red in the page's first 1,000 rows. */
  private long red(Path chromium, Path page, String work) throws Exception {
    BufferedImage image =
        Chromium.screenshot(chromium, page, dir.resolve(work + "-png"), 1280, 1000);
    return Chromium.pixelsOf(image, 190, 30, 45);
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }
}
