package dev.gatlingllm.metrics.stats;

/**
 * The mean of a few independent measurements of one figure (a level run several times) with its 95
 * % confidence interval, Student's t: mean ± t(0.975, n - 1) × s / √n, s the sample standard
 * deviation (metrics.md, "Repeats"). It assumes the runs are independent and their figure roughly
 * normal around its mean; with two or three runs the interval is wide, as it should be.
 *
 * @param count the measurements that had the figure (a run whose every request failed has no
 *     latency)
 * @param mean their mean; NaN without any
 * @param low the interval's lower bound; NaN with fewer than two
 * @param high its upper bound; NaN with fewer than two
 */
public record MeanInterval(int count, double mean, double low, double high) {
  public static final MeanInterval NONE = new MeanInterval(0, Double.NaN, Double.NaN, Double.NaN);

  /**
   * Student's t quantile 0.975 for 1 to 30 degrees of freedom (any statistics table); beyond, the
   * normal's 1.96 is within 4 %.
   */
  private static final double[] T_975 = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042
  };

  /**
   * The interval of the values that are numbers; NaN values (a figure a run did not have) left out.
   */
  public static MeanInterval of(double[] values) {
    int n = 0;
    double sum = 0;
    for (double value : values) {
      if (!Double.isNaN(value)) {
        n++;
        sum += value;
      }
    }
    if (n == 0) {
      return NONE;
    }
    double mean = sum / n;
    if (n == 1) {
      return new MeanInterval(1, mean, Double.NaN, Double.NaN);
    }
    double squares = 0;
    for (double value : values) {
      if (!Double.isNaN(value)) {
        squares += (value - mean) * (value - mean);
      }
    }
    double halfWidth = tQuantile975(n - 1) * Math.sqrt(squares / (n - 1) / n);
    return new MeanInterval(n, mean, mean - halfWidth, mean + halfWidth);
  }

  /** Student's t 0.975 quantile for {@code degrees} degrees of freedom (at least 1). */
  public static double tQuantile975(int degrees) {
    if (degrees < 1) {
      throw new IllegalArgumentException("degrees of freedom must be >= 1, was " + degrees);
    }
    return degrees <= T_975.length ? T_975[degrees - 1] : 1.96;
  }

  /** Half the interval's width: the "±" of "mean ± half-width"; NaN without an interval. */
  public double halfWidth() {
    return (high - low) / 2;
  }
}
