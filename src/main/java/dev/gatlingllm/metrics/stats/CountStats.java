package dev.gatlingllm.metrics.stats;

/**
 * A distribution of whole counts (e.g. output tokens per request), kept in a {@link LatencyStats}
 * whose "microseconds" are the counts: its histogram is exact below 2,048 and holds 3 significant
 * digits above, and its mean, min and max are exact. Not thread-safe: its owner locks.
 */
public final class CountStats {
  private final LatencyStats stats = new LatencyStats();

  /** Adds one count; a negative one means "unknown" and is ignored. */
  public void add(long count) {
    stats.add(count);
  }

  public void addAll(CountStats other) {
    stats.addAll(other.stats);
  }

  /** The counts' distribution: its mean, p50... are counts, not durations. */
  public Distribution toDistribution() {
    Distribution d =
        stats.toDistribution(); // in thousands of counts, as microseconds are read in milliseconds
    return new Distribution(
        d.count(),
        d.mean() * 1000,
        d.std() * 1000,
        whole(d.min()),
        whole(d.max()),
        whole(d.p50()),
        whole(d.p90()),
        whole(d.p95()),
        whole(d.p99()));
  }

  private static double whole(double thousands) {
    return Math.round(thousands * 1000);
  }
}
