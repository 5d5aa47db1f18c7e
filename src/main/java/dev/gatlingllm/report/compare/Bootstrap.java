package dev.gatlingllm.report.compare;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap of a figure's change between two samples: both sides resampled with
 * replacement, each request drawn independently (the assumption: a run's requests are exchangeable
 * within a level), the figure computed on each pair of resamples, and the 2.5th and 97.5th
 * percentiles of the changes taken as the 95 % interval. Seeded, so the same two runs always get
 * the same interval.
 */
final class Bootstrap {
  /** Resamples per figure: the interval's bounds move by well under 1 % of its width beyond. */
  static final int RESAMPLES = 1000;

  private static final long SEED = 20261203L;

  private Bootstrap() {}

  /**
   * The 95 % interval of the change of {@code figure} from {@code then} to {@code now}: a ratio
   * minus one, or a difference for a share.
   *
   * @param then the baseline's values ({@link ComparedFigure#values})
   * @param thenStrata where the baseline's strata end in {@code then}
   * @param now this run's values
   * @param nowStrata where this run's strata end in {@code now}
   * @return {low, high}
   */
  static double[] interval(
      ComparedFigure figure,
      double[] then,
      double thenSeconds,
      int[] thenStrata,
      double[] now,
      double nowSeconds,
      int[] nowStrata) {
    SplittableRandom random = new SplittableRandom(SEED ^ figure.ordinal());
    double[] changes = new double[RESAMPLES];
    int[] thenCounts = new int[then.length];
    int[] nowCounts = new int[now.length];
    int kept = 0;
    for (int b = 0; b < RESAMPLES; b++) {
      double a =
          figure.of(then, resample(thenCounts, thenStrata, random), then.length, thenSeconds);
      double c = figure.of(now, resample(nowCounts, nowStrata, random), now.length, nowSeconds);
      double change = change(figure, a, c);
      if (!Double.isNaN(change)) {
        changes[kept++] = change;
      }
    }
    if (kept == 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    Arrays.sort(changes, 0, kept);
    return new double[] {
      changes[(int) Math.floor(0.025 * (kept - 1))], changes[(int) Math.ceil(0.975 * (kept - 1))]
    };
  }

  /** The change from {@code then} to {@code now}: now / then - 1, or now - then for a share. */
  static double change(ComparedFigure figure, double then, double now) {
    if (figure.statistic.absolute()) {
      return now - then;
    }
    return then > 0 ? now / then - 1 : Double.NaN;
  }

  /**
   * Counts of each value in one resample of the same size, drawn with replacement within each
   * stratum (a range of values ending at each of {@code strataEnds}) as many times as it holds.
   */
  private static int[] resample(int[] counts, int[] strataEnds, SplittableRandom random) {
    Arrays.fill(counts, 0);
    int start = 0;
    for (int end : strataEnds) {
      int size = end - start;
      for (int i = 0; i < size; i++) {
        counts[start + random.nextInt(size)]++;
      }
      start = end;
    }
    return counts;
  }

  /** Every value once: the sample itself. */
  static int[] once(int n) {
    int[] counts = new int[n];
    Arrays.fill(counts, 1);
    return counts;
  }
}
