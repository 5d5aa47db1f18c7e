package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gatlingllm.report.compare.RunHistory;
import dev.gatlingllm.testing.Chromium;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Five nights of the concurrency sweep with {@code llm.history}: four against the same server, the
 * fifth against one whose decode step takes twice as long, judged against the median of the four
 * ({@code llm.baseline=history}): it regresses, the build fails, and its page draws the five nights
 * with tonight's point ringed and red.
 */
class HistoryEndToEndTest {
  @TempDir Path work;

  @Test
  void aFifthNightThatRegressesFailsAgainstTheHistoryAndIsDrawnRed() throws Exception {
    Path history = work.resolve("history");
    for (int night = 1; night <= 4; night++) {
      InProcessGatling.Run run =
          sweep(
              "ttft=50;itl=20",
              work.resolve("night" + night),
              Map.of("llm.history", history.toString()));
      assertEquals(0, run.exitCode(), run.tail());
    }
    assertEquals(4, RunHistory.read(history).size());

    Path tonight = work.resolve("night5");
    InProcessGatling.Run run =
        sweep(
            "ttft=50;itl=40",
            tonight,
            Map.of("llm.history", history.toString(), "llm.baseline", "history"));
    String console = run.console();
    assertTrue(
        console.contains(
            "gatling-llm: against the history "
                + history.toAbsolutePath().normalize()
                + ": the median of its last 4 runs (of 4)"),
        run.tail());
    assertTrue(
        console.matches("(?s).*\\d+ regressions? against the baseline .*history.*"), run.tail());
    assertTrue(
        console.matches("(?s).*\\n4 streams +TPOT p50 ms .* over 4 vs 1 runs +▼ regression.*"),
        console);
    assertTrue(
        console.contains("the run regressed against its baseline: the build fails"), run.tail());
    assertTrue(console.contains("gatling-llm: history: "), run.tail());
    Path llm = InProcessGatling.llmDir(tonight);
    String junit = Files.readString(llm.resolve("junit.xml"));
    assertTrue(junit.matches("(?s).*name=\"4 streams: TPOT p50 ms\".*?<failure.*"), junit);
    assertEquals(5, RunHistory.read(history).size());
    assertTrue(RunHistory.read(history).get(4).regressions() > 0, "tonight's verdict kept");

    String page = Files.readString(llm.resolve("index.html"));
    assertTrue(page.indexOf("<h2>History</h2>") < page.indexOf("<h2>Charts</h2>"), "before charts");
    Path chromium = Chromium.find();
    assumeTrue(chromium != null, "no Chromium on PATH");
    String dom = Chromium.dumpDom(chromium, llm.resolve("index.html"), work.resolve("chromium"));
    int at = dom.indexOf("data-scope=\"4 streams\" data-figure=\"TPOT p50 ms\"");
    assertTrue(at > 0, "the level's TPOT trend drawn");
    String chart = dom.substring(at, dom.indexOf("</svg>", at));
    assertTrue(chart.contains("data-points=\"5\""), chart);
    assertEquals(5, chart.split("<circle").length - 1, chart);
    assertTrue(
        chart.matches("(?s).*<circle [^>]*fill=\"#be1e2d\" class=\"today\"[^>]*>.*"),
        "tonight ringed and red: " + chart);
    assertTrue(dom.contains("id=\"verdict-banner\" class=\"llm-verdict bad\""), "the red banner");
  }

  /** One level of 4 streams for 6 s against a fixed-timing server (the baseline test's sweep). */
  private static InProcessGatling.Run sweep(String timing, Path results, Map<String, String> extra)
      throws Exception {
    return BaselineEndToEndTest.sweep(timing, results, extra, 6);
  }
}
