package dev.gatlingllm.report.compare;

import dev.gatlingllm.metrics.stats.MeanInterval;
import java.util.List;

/**
 * A figure's change judged on the runs of a level both sides ran several times ({@code
 * llm.repeats}): each run's figure computed as the report computes it, the change taken between the
 * means of the runs, and its 95 % interval Welch's: (now - then) ± t(0.975, ν) × √(s²now/nnow +
 * s²then/nthen), ν by Welch–Satterthwaite, divided by the baseline's mean for a ratio (metrics.md,
 * "Repeats"). It assumes the runs of a side independent and their figure roughly normal; it carries
 * the noise from one run to the next (a server's state, the machine's load) that a resampling of
 * one run's requests cannot see.
 */
final class RepeatedRuns {
  /** The fewest values a run needs for its figure to count. */
  static final int MIN_VALUES_PER_RUN = 10;

  private RepeatedRuns() {}

  /**
   * The change judged on the runs, or null when it cannot be: both sides must have run the level at
   * least twice and every run must have at least ten values (ten requests, or ten seconds of a
   * rate). A p99 of fewer than a hundred values is close to the run's largest, but judged on the
   * runs its noise from one run to the next is in the interval, which is then wide rather than
   * falsely narrow: a bootstrap of the requests would not see that noise.
   */
  static FigureChange changeOrNull(
      String label,
      ComparedFigure figure,
      List<RunSample.Level> then,
      List<RunSample.Level> now,
      double threshold) {
    if (then.size() < 2 || now.size() < 2) {
      return null;
    }
    double[] before = figures(figure, then);
    double[] after = figures(figure, now);
    if (before == null || after == null) {
      return null;
    }
    MeanInterval thenMean = MeanInterval.of(before);
    MeanInterval nowMean = MeanInterval.of(after);
    double change = Bootstrap.change(figure, thenMean.mean(), nowMean.mean());
    double[] difference = welch(before, after);
    double scale = figure.statistic.absolute() ? 1 : thenMean.mean();
    double low = scale > 0 ? difference[0] / scale : Double.NaN;
    double high = scale > 0 ? difference[1] / scale : Double.NaN;
    return new FigureChange(
        label,
        figure,
        thenMean.mean(),
        nowMean.mean(),
        change,
        low,
        high,
        threshold,
        FigureChange.judge(figure, change, low, high, threshold),
        then.size(),
        now.size(),
        values(figure, then),
        values(figure, now));
  }

  /**
   * Each run's figure, computed over its own values and window; null when a run has too few values
   * to count.
   */
  private static double[] figures(ComparedFigure figure, List<RunSample.Level> runs) {
    double[] figures = new double[runs.size()];
    for (int i = 0; i < figures.length; i++) {
      RunSample.Level run = runs.get(i);
      double[] values = figure.values(run);
      if (values.length < MIN_VALUES_PER_RUN) {
        return null;
      }
      figures[i] =
          figure.of(values, Bootstrap.once(values.length), values.length, run.windowSeconds());
    }
    return figures;
  }

  /** The values of every run together. */
  private static int values(ComparedFigure figure, List<RunSample.Level> runs) {
    return runs.stream().mapToInt(run -> figure.values(run).length).sum();
  }

  /**
   * Welch's 95 % interval of mean(after) - mean(before): {low, high}; a zero variance on both sides
   * gives an interval of one point.
   */
  static double[] welch(double[] before, double[] after) {
    double thenVariance = variance(before) / before.length;
    double nowVariance = variance(after) / after.length;
    double standardError = Math.sqrt(thenVariance + nowVariance);
    double difference = mean(after) - mean(before);
    if (standardError == 0) {
      return new double[] {difference, difference};
    }
    double degrees =
        Math.pow(thenVariance + nowVariance, 2)
            / (thenVariance * thenVariance / (before.length - 1)
                + nowVariance * nowVariance / (after.length - 1));
    double t = MeanInterval.tQuantile975(Math.max(1, (int) Math.floor(degrees)));
    return new double[] {difference - t * standardError, difference + t * standardError};
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return sum / values.length;
  }

  /** The sample variance (n - 1). */
  private static double variance(double[] values) {
    double mean = mean(values);
    double squares = 0;
    for (double value : values) {
      squares += (value - mean) * (value - mean);
    }
    return squares / (values.length - 1);
  }
}
