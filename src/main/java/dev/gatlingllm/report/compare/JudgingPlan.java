package dev.gatlingllm.report.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Before the load, what a run of so many requests a level can judge against its baseline: for each
 * compared figure, the fewest values it needs to be judged at all ({@link
 * ComparedFigure.Statistic#minValues}), and the requests a level at which a change of its threshold
 * is caught 80 % of the time given the baseline's own spread (docs/metrics.md, "Planning against a
 * baseline").
 *
 * <p>The spread is the baseline compared with itself: the bootstrap's 95 % interval of the change
 * between two resamples of its n values a side, half-width h. An interval's half-width shrinks as
 * 1/√n, so with n' values a side it is h·√(n/n'); a true change of the threshold t has its interval
 * exclude no change 80 % of the time once t = (1.96 + 0.84)·h'/1.96, hence n' = n·(1.43·h/t)².
 *
 * @param needs one per figure, in the order of {@link ComparedFigure}
 */
public record JudgingPlan(List<Need> needs) {
  /**
   * The most values of a level the spread is estimated from: every k-th of a larger level, so that
   * the plan, made before the load, costs a fraction of a second whatever the baseline's size.
   */
  static final int MAX_SPREAD_VALUES = 2_000;

  /** z(0.975) + z(0.80) over z(0.975): how much narrower than t the interval must be. */
  static final double POWER_FACTOR = (1.959964 + 0.841621) / 1.959964;

  /**
   * One figure's needs, over the baseline's level that needs the most.
   *
   * @param figure the figure's label, e.g. {@code TTFT p99 ms}
   * @param level that level's label
   * @param minimumRequests the requests a level for the figure to be judged at all
   * @param catchingRequests the requests a level at which a change of its threshold is caught 80 %
   *     of the time; {@link Long#MAX_VALUE} when the baseline has too few values to say
   * @param threshold the threshold, as the verdict's text gives it ({@code 10 %}, {@code 1.0 pt})
   * @param baselineRequests the requests of that level in the baseline
   * @param halfWidth the baseline's half-width h against itself at its own count, a share of its
   *     value (points for a share); NaN when it has too few values
   */
  public record Need(
      String figure,
      String level,
      long minimumRequests,
      long catchingRequests,
      String threshold,
      int baselineRequests,
      double halfWidth) {
    /** At least the minimum, never fewer. */
    long judgingRequests() {
      return Math.max(minimumRequests, catchingRequests);
    }
  }

  /** The plan against the baseline in {@code path} (a results folder, its llm/ or summary.json). */
  public static JudgingPlan of(Path path, Thresholds thresholds) throws IOException {
    return of(RunSample.read(path), thresholds);
  }

  static JudgingPlan of(RunSample baseline, Thresholds thresholds) {
    List<Need> needs = new ArrayList<>();
    for (ComparedFigure figure : ComparedFigure.values()) {
      Need most = null;
      for (RunSample.Level level : baseline.levels()) {
        Need need = need(figure, level, thresholds.of(figure.threshold));
        if (need != null && (most == null || need.judgingRequests() > most.judgingRequests())) {
          most = need;
        }
      }
      if (most != null) {
        needs.add(most);
      }
    }
    return new JudgingPlan(List.copyOf(needs));
  }

  /** A level's needs for one figure; null for a level without requests. */
  static Need need(ComparedFigure figure, RunSample.Level level, double threshold) {
    double[] values = figure.values(level);
    int requests = level.rows().size();
    if (requests == 0 || values.length == 0) {
      return null;
    }
    // Values a request gives: a success ratio for a latency, seconds per request for a rate.
    double perRequest = (double) values.length / requests;
    int minimum = figure.statistic.minValues();
    long minimumRequests = (long) Math.ceil(minimum / perRequest);
    String thresholdText =
        figure.statistic.absolute()
            ? String.format(Locale.ROOT, "%.1f pt", threshold * 100)
            : String.format(Locale.ROOT, "%.0f %%", threshold * 100);
    if (values.length < minimum) {
      return new Need(
          figure.label,
          level.label(),
          minimumRequests,
          Long.MAX_VALUE,
          thresholdText,
          requests,
          Double.NaN);
    }
    double[] sample = everyKth(values, MAX_SPREAD_VALUES);
    // A rate's window shrinks with its seconds, so that the rate itself is the same.
    double seconds = level.windowSeconds() * sample.length / values.length;
    int[] strata = {sample.length};
    double[] self = Bootstrap.interval(figure, sample, seconds, strata, sample, seconds, strata);
    double halfWidth = (self[1] - self[0]) / 2;
    long catching;
    if (Double.isNaN(halfWidth)) {
      catching = Long.MAX_VALUE;
    } else {
      double ratio = POWER_FACTOR * halfWidth / threshold;
      // A spread of nothing (every request alike, no error): the minimum judges it.
      catching = (long) Math.ceil(sample.length * ratio * ratio / perRequest);
    }
    return new Need(
        figure.label, level.label(), minimumRequests, catching, thresholdText, requests, halfWidth);
  }

  /**
   * At most {@code most} of {@code values}, every k-th, in their order (a sorted array stays so).
   */
  static double[] everyKth(double[] values, int most) {
    if (values.length <= most) {
      return values;
    }
    double[] kept = new double[most];
    for (int i = 0; i < most; i++) {
      kept[i] = values[(int) ((long) i * values.length / most)];
    }
    return kept;
  }

  /**
   * The console's lines, before the first level: one per figure, saying whether {@code planned}
   * requests a level judge it, and from how many a change of its threshold is caught.
   *
   * @param planned the requests each level plans, or 0 when not known (a level of fixed duration):
   *     then the baseline's own counts are the reference
   */
  public List<String> lines(long planned) {
    List<String> lines = new ArrayList<>();
    lines.add(
        planned > 0
            ? "gatling-llm: against the baseline, " + planned + " requests a level judge:"
            : "gatling-llm: against the baseline (levels of a fixed duration: as many requests as"
                + " the baseline's), each figure:");
    for (Need need : needs) {
      long reference = planned > 0 ? planned : need.baselineRequests();
      String judged =
          reference >= need.judgingRequests()
              ? "judged, a " + need.threshold() + " change caught"
              : reference >= need.minimumRequests()
                  ? "judged, but a " + need.threshold() + " change mostly missed"
                  : "not judged (needs " + need.minimumRequests() + " requests a level)";
      String catching =
          need.catchingRequests() == Long.MAX_VALUE
              ? "the baseline's "
                  + need.baselineRequests()
                  + " requests are too few to tell its"
                  + " spread; llm.repeats=3 judges it over the runs"
              : String.format(
                  Locale.ROOT,
                  "a %s change is caught 80 %% of the time from %d requests a level (the"
                      + " baseline's %s: ±%s over %d requests)",
                  need.threshold(),
                  need.judgingRequests(),
                  need.level(),
                  spread(need),
                  need.baselineRequests());
      lines.add("  " + need.figure() + ": " + judged + "; " + catching);
    }
    return lines;
  }

  private static String spread(Need need) {
    return need.threshold().endsWith("pt")
        ? String.format(Locale.ROOT, "%.1f pt", need.halfWidth() * 100)
        : String.format(Locale.ROOT, "%.1f %%", need.halfWidth() * 100);
  }
}
