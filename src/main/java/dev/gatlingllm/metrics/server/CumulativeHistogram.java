package dev.gatlingllm.metrics.server;

import java.util.Arrays;

/**
 * A Prometheus histogram as scraped: cumulative bucket counts by upper bound ({@code le}), the last
 * bound {@code +Inf}, with the sum of the observations. Immutable.
 *
 * @param upperBounds increasing, the last one +Inf
 * @param cumulativeCounts observations at or below each bound; non-decreasing
 * @param sum the sum of all observations (seconds for a latency)
 */
public record CumulativeHistogram(double[] upperBounds, double[] cumulativeCounts, double sum) {
  public CumulativeHistogram {
    if (upperBounds.length == 0
        || upperBounds.length != cumulativeCounts.length
        || upperBounds[upperBounds.length - 1] != Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException("a histogram needs buckets ending with le=\"+Inf\"");
    }
    upperBounds = upperBounds.clone();
    cumulativeCounts = cumulativeCounts.clone();
  }

  /** Observations in all. */
  public double count() {
    return cumulativeCounts[cumulativeCounts.length - 1];
  }

  /** True when {@code other} has the same buckets, so that the two can be subtracted. */
  public boolean sameBuckets(CumulativeHistogram other) {
    return other != null && Arrays.equals(upperBounds, other.upperBounds);
  }

  /**
   * The observations of {@code this} not in {@code earlier} (the same buckets, a later scrape of
   * the same server); negative differences (a restarted server) count as this scrape's whole
   * content.
   */
  public CumulativeHistogram minus(CumulativeHistogram earlier) {
    if (earlier == null || !sameBuckets(earlier) || earlier.count() > count()) {
      return this;
    }
    double[] counts = new double[cumulativeCounts.length];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = Math.max(0, cumulativeCounts[i] - earlier.cumulativeCounts[i]);
    }
    return new CumulativeHistogram(upperBounds, counts, Math.max(0, sum - earlier.sum));
  }

  /**
   * The q-quantile (0 to 1) estimated as Prometheus's {@code histogram_quantile} does: linear
   * inside the bucket that holds it, the first bucket starting at 0, a quantile in the {@code +Inf}
   * bucket reported as the highest finite bound. NaN without observations.
   */
  public double quantile(double q) {
    double total = count();
    if (!(total > 0)) {
      return Double.NaN;
    }
    double rank = q * total;
    double lowerBound = 0;
    double below = 0;
    for (int i = 0; i < upperBounds.length; i++) {
      double upper = upperBounds[i];
      double atOrBelow = cumulativeCounts[i];
      if (atOrBelow >= rank && atOrBelow > below) {
        if (upper == Double.POSITIVE_INFINITY) {
          return i > 0 ? upperBounds[i - 1] : Double.NaN;
        }
        return lowerBound + (upper - lowerBound) * (rank - below) / (atOrBelow - below);
      }
      lowerBound = upper;
      below = atOrBelow;
    }
    return upperBounds.length > 1 ? upperBounds[upperBounds.length - 2] : Double.NaN;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CumulativeHistogram h
        && Arrays.equals(upperBounds, h.upperBounds)
        && Arrays.equals(cumulativeCounts, h.cumulativeCounts)
        && Double.compare(sum, h.sum) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(upperBounds) + Arrays.hashCode(cumulativeCounts);
  }

  @Override
  public String toString() {
    return "CumulativeHistogram[le="
        + Arrays.toString(upperBounds)
        + ", counts="
        + Arrays.toString(cumulativeCounts)
        + ", sum="
        + sum
        + "]";
  }
}
