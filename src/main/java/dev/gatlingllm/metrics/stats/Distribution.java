package dev.gatlingllm.metrics.stats;

/**
 * Summary statistics of one latency over a set of requests (or ITL gaps), in milliseconds with
 * microsecond resolution. Mean, standard deviation (population, as numpy's default), min and max
 * are exact; percentiles come from an HDR histogram with 3 significant digits (nearest rank,
 * clamped to the exact min and max).
 */
public record Distribution(
    long count,
    double mean,
    double std,
    double min,
    double max,
    double p50,
    double p90,
    double p95,
    double p99) {
  public static final Distribution EMPTY = new Distribution(0, 0, 0, 0, 0, 0, 0, 0, 0);

  /**
   * The same figures, each NaN when no request gave one: a report shows those as unknown ("n/a",
   * null), since a latency of 0 ms read from a run whose every request failed is a false figure.
   */
  public Distribution orNaNWhenEmpty() {
    return count > 0
        ? this
        : new Distribution(
            0,
            Double.NaN,
            Double.NaN,
            Double.NaN,
            Double.NaN,
            Double.NaN,
            Double.NaN,
            Double.NaN,
            Double.NaN);
  }

  /** p50, p90, p95 or p99. */
  public double percentile(double percentile) {
    if (percentile == 50) {
      return p50;
    } else if (percentile == 90) {
      return p90;
    } else if (percentile == 95) {
      return p95;
    } else if (percentile == 99) {
      return p99;
    }
    throw new IllegalArgumentException("only p50, p90, p95 and p99 are kept, not p" + percentile);
  }
}
