package dev.gatlingllm.report.compare;

import dev.gatlingllm.metrics.stats.MeanInterval;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * This run against the median of the last K runs of its history ({@code llm.baseline=history};
 * docs/metrics.md, "Against the history"): for the run and each level the history has, each
 * figure's change from the median of its last K values, its 95 % interval a prediction interval
 * from the spread of those K values, so that the noise from one night to the next, each night's own
 * sampling noise with it, is in the interval.
 */
public final class HistoryComparison {
  /** The fewest runs of the history a figure needs to be judged: a spread needs two, t three. */
  public static final int MIN_RUNS = 3;

  private HistoryComparison() {}

  /**
   * @param history the history's folder
   * @param runs the history's last K runs the median is taken over ({@code
   *     llm.history.baselineRuns})
   * @param current this run's results folder, its llm/ folder or its summary.json
   */
  public static BaselineComparison compare(
      Path history, int runs, Path current, Thresholds thresholds) throws IOException {
    List<RunHistory.Entry> entries = RunHistory.read(history);
    List<RunHistory.Entry> last =
        entries.subList(Math.max(0, entries.size() - runs), entries.size());
    if (last.isEmpty()) {
      throw new IllegalArgumentException(
          "the history " + history + " holds no run yet (" + RunHistory.FILE + ")");
    }
    RunHistory.Entry now = RunHistory.entryOf(current, 0, -1);
    return compare(history, last, now, RunSample.read(current).folder(), thresholds);
  }

  static BaselineComparison compare(
      Path history,
      List<RunHistory.Entry> last,
      RunHistory.Entry now,
      Path current,
      Thresholds thresholds) {
    List<FigureChange> changes = new ArrayList<>();
    List<String> unmatched = new ArrayList<>();
    for (String scope : now.scopes().keySet()) {
      if (last.stream().noneMatch(entry -> entry.scopes().containsKey(scope))) {
        unmatched.add(scope + ": not in the history");
        continue;
      }
      for (ComparedFigure figure : ComparedFigure.values()) {
        double[] nights =
            last.stream()
                .mapToDouble(entry -> entry.figure(scope, figure.label))
                .filter(Double::isFinite)
                .toArray();
        changes.add(change(scope, figure, nights, now.figure(scope, figure.label), thresholds));
      }
    }
    // The run's figures last, as against one baseline.
    changes.sort(
        java.util.Comparator.comparing(
            (FigureChange change) -> change.level().equals(BaselineComparison.RUN)));
    double[] capacities =
        last.stream().mapToDouble(RunHistory.Entry::capacityLoad).filter(l -> l > 0).toArray();
    double thenCapacity = capacities.length == 0 ? -1 : median(capacities);
    return new BaselineComparison(
        history,
        current,
        List.copyOf(changes),
        new BaselineComparison.CapacityChange(
            thenCapacity,
            thenCapacity > 0
                ? "the median of " + capacities.length + " runs, load " + thenCapacity
                : null,
            now.capacityLoad(),
            now.capacityLabel()),
        List.copyOf(unmatched),
        thresholds,
        List.of(),
        List.of());
  }

  /**
   * One figure against its last nights: the change from their median, and the prediction interval
   * (now - median) ± t(0.975, K - 1) × s × √(1 + 1/K), over the median for a ratio.
   */
  static FigureChange change(
      String scope, ComparedFigure figure, double[] nights, double now, Thresholds thresholds) {
    double threshold = thresholds.of(figure.threshold);
    int k = nights.length;
    double then = k == 0 ? Double.NaN : median(nights);
    double change = k == 0 ? Double.NaN : Bootstrap.change(figure, then, now);
    double low = Double.NaN;
    double high = Double.NaN;
    if (k >= MIN_RUNS && Double.isFinite(now) && Double.isFinite(change)) {
      double halfWidth =
          MeanInterval.tQuantile975(k - 1) * standardDeviation(nights) * Math.sqrt(1 + 1.0 / k);
      double scale = figure.statistic.absolute() ? 1 : then;
      low = (now - then - halfWidth) / scale;
      high = (now - then + halfWidth) / scale;
    }
    return new FigureChange(
        scope,
        figure,
        then,
        now,
        change,
        low,
        high,
        threshold,
        FigureChange.judge(figure, change, low, high, threshold),
        k,
        1,
        k,
        1);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static double standardDeviation(double[] values) {
    double mean = Arrays.stream(values).average().orElse(Double.NaN);
    double squares = 0;
    for (double value : values) {
      squares += (value - mean) * (value - mean);
    }
    return Math.sqrt(squares / (values.length - 1));
  }
}
