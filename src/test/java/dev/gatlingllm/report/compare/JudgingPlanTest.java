package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.RowBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The plan before the load: the fewest requests a figure needs to be judged, and the requests at
 * which a change of its threshold is caught 80 % of the time, estimated from the baseline's own
 * spread; checked against the verdict's own interval on simulated runs of that many requests.
 */
class JudgingPlanTest {
  /** A level of {@code n} successful requests, TTFT normal around 200 ms with a 10 % spread. */
  private static RunSample.Level level(int n, long seed, double ttftMs) {
    Random random = new Random(seed);
    List<RequestRow> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long ttft = Math.round(ttftMs * (1 + 0.1 * random.nextGaussian()) * 1000);
      rows.add(
          RowBuilder.row()
              .level(0)
              .inWindow(true)
              .requestName("chat")
              .ok(true)
              .httpStatus(200)
              .good(true)
              .ttftMicros(ttft)
              .tpotMicros(20_000)
              .e2elMicros(ttft + 20_000 * 63)
              .durationMicros(ttft + 20_000 * 63)
              .outputTokens(64)
              .build());
    }
    double[] seconds = new double[40];
    java.util.Arrays.fill(seconds, 64.0 * n / 40);
    return new RunSample.Level("4 streams", 40, rows, seconds, seconds.clone());
  }

  @Test
  void theMinimumIsTheFiguresValuesInRequests() {
    // Hand computation: a p99 needs 100 successful requests; all succeed, so 100 requests.
    JudgingPlan.Need p99 = JudgingPlan.need(ComparedFigure.TTFT_P99, level(50, 1, 200), 0.10);
    assertEquals(100, p99.minimumRequests());
    assertEquals(Long.MAX_VALUE, p99.catchingRequests(), "50 values cannot tell a p99's spread");
    // A rate needs 10 s of window: 50 requests over 40 s are 0.8 s each, so 13 requests.
    JudgingPlan.Need rate =
        JudgingPlan.need(ComparedFigure.OUTPUT_THROUGHPUT, level(50, 1, 200), 0.05);
    assertEquals(13, rate.minimumRequests());
    assertEquals(0, rate.catchingRequests(), "a rate alike every second: its minimum judges it");
  }

  /**
   * A median of a 10 % spread: its standard error is about 1.2533 × 0.1 / √n of its value, the
   * change's 95 % half-width √2 × 1.96 times that, so a 10 % change is caught 80 % of the time from
   * n = (2.80 × √2 × 1.2533 × 0.1 / 0.1)² ≈ 25 requests; the plan, from a baseline of 400, says
   * about that.
   */
  @Test
  void theCatchingRequestsOfAMedianAreTheNormalTheorysAndCatchEightyPercent() {
    JudgingPlan.Need p50 = JudgingPlan.need(ComparedFigure.TTFT_P50, level(400, 7, 200), 0.10);
    assertTrue(p50.catchingRequests() >= 15 && p50.catchingRequests() <= 40, p50.toString());
    int n = (int) p50.judgingRequests();
    int caught = 0;
    int pairs = 200;
    for (int pair = 0; pair < pairs; pair++) {
      double[] then = ComparedFigure.TTFT_P50.values(level(n, 1000 + pair, 200));
      double[] now = ComparedFigure.TTFT_P50.values(level(n, 5000 + pair, 220));
      double[] interval =
          Bootstrap.interval(
              ComparedFigure.TTFT_P50, then, 40, new int[] {n}, now, 40, new int[] {n});
      if (interval[0] > 0) {
        caught++;
      }
    }
    double power = (double) caught / pairs;
    assertTrue(power >= 0.65 && power <= 0.95, "caught " + caught + " of " + pairs + " at n " + n);
  }

  /**
   * A baseline of 8,000 requests is read at every fourth value: the same spread, the same answer.
   */
  @Test
  void aLargeBaselinesSpreadIsEstimatedFromEveryKthValue() {
    JudgingPlan.Need all = JudgingPlan.need(ComparedFigure.TTFT_P50, level(2_000, 11, 200), 0.10);
    JudgingPlan.Need large = JudgingPlan.need(ComparedFigure.TTFT_P50, level(8_000, 11, 200), 0.10);
    assertEquals(all.catchingRequests(), large.catchingRequests(), 0.35 * all.catchingRequests());
    assertEquals(
        List.of(1.0, 3.0),
        java.util.Arrays.stream(JudgingPlan.everyKth(new double[] {1, 2, 3, 4}, 2))
            .boxed()
            .toList());
  }

  @Test
  void theLinesSayWhatThePlannedRequestsJudge() {
    RunSample baseline =
        new RunSample(
            java.nio.file.Path.of("/runs/then/llm"),
            List.of(level(60, 3, 200)),
            4,
            "4 streams",
            List.of(),
            java.util.Map.of());
    List<String> lines = JudgingPlan.of(baseline, Thresholds.DEFAULTS).lines(60);
    assertEquals(ComparedFigure.values().length + 1, lines.size(), String.join("\n", lines));
    assertEquals("gatling-llm: against the baseline, 60 requests a level judge:", lines.get(0));
    assertTrue(
        lines.contains(
            "  TTFT p99 ms: not judged (needs 100 requests a level); the baseline's 60 requests"
                + " are too few to tell its spread; llm.repeats=3 judges it over the runs"),
        String.join("\n", lines));
    assertTrue(
        lines.stream().anyMatch(l -> l.startsWith("  TTFT p50 ms: judged, a 10 % change caught;")),
        String.join("\n", lines));
  }
}
