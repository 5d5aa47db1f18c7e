package dev.gatlingllm.metrics.slo;

import dev.gatlingllm.metrics.stats.Micros;
import java.util.Locale;

/**
 * What a load level must achieve to count as sustainable (metrics.md, DistServe-style capacity):
 * either a latency percentile at most a limit ({@code "p99 TTFT <= 500 ms"}), or a share of good
 * requests at least a floor ("good fraction >= 0.95", failed requests counting as not good). A
 * failed request counts against a percentile target too, as slower than any other: at a level where
 * more than 1 % of the requests fail, {@code "p99 TTFT <= 500 ms"} is not met however fast the
 * others were ({@code LevelAccumulator.attainment}).
 *
 * @param kind which of the two tests
 * @param metric the latency tested by {@link Kind#PERCENTILE_AT_MOST}; null for the other kind
 * @param percentile 50, 90, 95 or 99 for {@link Kind#PERCENTILE_AT_MOST}
 * @param limit the limit in ms, or the good-fraction floor in [0, 1]
 */
public record AttainmentTarget(Kind kind, Metric metric, double percentile, double limit) {
  public enum Kind {
    PERCENTILE_AT_MOST,
    GOOD_FRACTION_AT_LEAST
  }

  /** The latencies a percentile target may test. */
  public enum Metric {
    TTFT,
    TPOT,
    ITL,
    E2EL
  }

  public AttainmentTarget {
    if (kind == null) {
      throw new IllegalArgumentException("attainment target: kind is required");
    }
    if (kind == Kind.PERCENTILE_AT_MOST) {
      if (metric == null) {
        throw new IllegalArgumentException("attainment target: a percentile target needs a metric");
      }
      if (percentile != 50 && percentile != 90 && percentile != 95 && percentile != 99) {
        throw new IllegalArgumentException(
            "attainment target: percentile must be 50, 90, 95 or 99, got " + percentile);
      }
      if (!(limit > 0)) {
        throw new IllegalArgumentException("attainment target: limit must be > 0 ms, got " + limit);
      }
    } else if (!(limit >= 0 && limit <= 1)) {
      throw new IllegalArgumentException(
          "attainment target: good fraction must be in [0, 1], got " + limit);
    }
  }

  /** {@code "p99 TTFT <= 500 ms"}. */
  public static AttainmentTarget percentileAtMost(
      Metric metric, double percentile, double limitMs) {
    return new AttainmentTarget(Kind.PERCENTILE_AT_MOST, metric, percentile, limitMs);
  }

  /** "good fraction >= 0.95". */
  public static AttainmentTarget goodFractionAtLeast(double fraction) {
    return new AttainmentTarget(Kind.GOOD_FRACTION_AT_LEAST, null, 0, fraction);
  }

  /**
   * True when a level's measured attainment meets the target: the percentile at most the limit, or
   * the good fraction at least the floor. NaN (nothing to measure) never meets it.
   */
  public boolean isMetBy(double attainment) {
    if (Double.isNaN(attainment)) {
      return false;
    }
    return kind == Kind.GOOD_FRACTION_AT_LEAST ? attainment >= limit : attainment <= limit;
  }

  public String describe() {
    return kind == Kind.GOOD_FRACTION_AT_LEAST
        ? String.format(Locale.ROOT, "good fraction >= %s", Micros.formatNumber(limit))
        : String.format(
            Locale.ROOT,
            "p%s %s <= %s ms",
            Micros.formatNumber(percentile),
            metric,
            Micros.formatNumber(limit));
  }
}
