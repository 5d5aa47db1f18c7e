package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history: runs appended and read back, a run judged against the median of the last K with a
 * prediction interval from their spread (values computed by hand), and the trend drawn.
 */
class HistoryComparisonTest {
  @TempDir Path dir;

  private static RunHistory.Entry night(long day, int regressions, double tokS, double ttftP50) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("output tok/s", tokS);
    figures.put("TTFT p50 ms", ttftP50);
    Map<String, Map<String, Double>> scopes = new LinkedHashMap<>();
    scopes.put("4 streams", figures);
    return new RunHistory.Entry(
        day * 86_400_000L, "/runs/" + day, regressions, scopes, 4, "4 streams");
  }

  @Test
  void runsAreAppendedOneLineEachAndReadBackOldestFirst() throws Exception {
    RunHistory.append(dir, night(1, -1, 100, 200));
    RunHistory.append(dir, night(2, 0, 102, 201));
    Files.writeString(
        dir.resolve(RunHistory.FILE), "{\"cut short", java.nio.file.StandardOpenOption.APPEND);
    List<RunHistory.Entry> runs = RunHistory.read(dir);
    assertEquals(2, runs.size(), "the cut line skipped");
    assertEquals(102, runs.get(1).figure("4 streams", "output tok/s"));
    assertEquals(0, runs.get(1).regressions());
    assertEquals(-1, runs.get(0).regressions());
    assertTrue(Double.isNaN(runs.get(0).figure("4 streams", "TPOT p50 ms")), "not kept: NaN");
  }

  /**
   * Five nights of 100, 102, 98, 101, 99 tok/s: median 100, s = √(10/4) = 1.5811, t(0.975, 4) =
   * 2.776, half-width 2.776 × 1.5811 × √1.2 = 4.808. Tonight's 80 is -20 %, interval [-24.8, -15.2]
   * %: a regression; 99 is -1 %, within the threshold.
   */
  @Test
  void aRunIsJudgedAgainstTheMedianOfTheLastNightsWithTheirSpread() {
    double[] nights = {100, 102, 98, 101, 99};
    FigureChange worse =
        HistoryComparison.change(
            "4 streams", ComparedFigure.OUTPUT_THROUGHPUT, nights, 80, Thresholds.DEFAULTS);
    assertEquals(100, worse.then(), 1e-12);
    assertEquals(-0.20, worse.change(), 1e-12);
    double halfWidth = 2.776 * Math.sqrt(10.0 / 4) * Math.sqrt(1.2) / 100;
    assertEquals(-0.20 - halfWidth, worse.low(), 1e-4);
    assertEquals(-0.20 + halfWidth, worse.high(), 1e-4);
    assertEquals(FigureChange.Verdict.REGRESSION, worse.verdict());
    assertEquals(
        FigureChange.Verdict.SAME,
        HistoryComparison.change(
                "4 streams", ComparedFigure.OUTPUT_THROUGHPUT, nights, 99, Thresholds.DEFAULTS)
            .verdict());
    FigureChange twoNights =
        HistoryComparison.change(
            "4 streams",
            ComparedFigure.OUTPUT_THROUGHPUT,
            new double[] {100, 102},
            50,
            Thresholds.DEFAULTS);
    assertEquals(FigureChange.Verdict.NOT_JUDGED, twoNights.verdict());
    assertEquals(
        "the history has 2 runs with this figure; its median and spread need 3: judged once the"
            + " history holds them",
        NotJudged.reason(twoNights));
  }

  @Test
  void theTrendDrawsEachRunInItsVerdictsColourThisRunRinged() {
    List<RunHistory.Entry> runs =
        List.of(
            night(1, -1, 100, 200),
            night(2, 0, 102, 201),
            night(3, 0, 98, 199),
            night(4, 0, 101, 200),
            night(5, 3, 60, 260));
    String html = TrendSection.html(runs);
    String chart =
        html.substring(
            html.indexOf("data-scope=\"4 streams\" data-figure=\"output tok/s\""),
            html.indexOf("</svg>", html.indexOf("data-figure=\"output tok/s\"")));
    assertTrue(chart.contains("data-points=\"5\""), chart);
    assertEquals(5, chart.split("<circle").length - 1, chart);
    assertEquals(1, chart.split("class=\"today\"").length - 1, "one ringed: " + chart);
    // The last point, tonight's: red, the lowest (60 tok/s at the bottom: y = 48 - 6).
    assertTrue(
        chart.contains(
            "<circle cx=\"174.0\" cy=\"42.0\" r=\"4.5\" fill=\""
                + TrendSection.RED
                + "\" class=\"today\""),
        chart);
    assertTrue(chart.contains("fill=\"" + TrendSection.GREY + "\""), "the first not compared");
    assertTrue(
        html.contains("</svg><div class=\"note\">now 60.0 &middot; 60.0 to 102.0</div>"),
        "tonight's value and the range drawn: " + html);
    // 102 tok/s, the highest, at the top: y = 6.
    assertTrue(chart.contains("cy=\"6.0\" r=\"3\" fill=\"" + TrendSection.GREEN + "\""), chart);
  }
}
