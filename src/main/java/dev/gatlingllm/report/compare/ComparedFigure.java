package dev.gatlingllm.report.compare;

import dev.gatlingllm.metrics.request.RequestRow;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A figure a comparison judges: how it is computed from one level's requests, which way is better,
 * and whether its change is read as a ratio (throughputs, latencies) or a difference of shares
 * (good fraction, error rate). The definitions are docs/metrics.md's, "Against a baseline".
 */
enum ComparedFigure {
  OUTPUT_THROUGHPUT("output tok/s", Better.HIGHER, Statistic.RATE, Threshold.THROUGHPUT),
  GOODPUT("goodput req/s", Better.HIGHER, Statistic.RATE, Threshold.THROUGHPUT),
  GOOD_FRACTION("good fraction", Better.HIGHER, Statistic.SHARE, Threshold.SHARE),
  ERROR_RATE("error rate", Better.LOWER, Statistic.SHARE, Threshold.ERRORS),
  TTFT_P50("TTFT p50 ms", Better.LOWER, Statistic.P50, Threshold.LATENCY),
  TTFT_P99("TTFT p99 ms", Better.LOWER, Statistic.P99, Threshold.LATENCY),
  TPOT_P50("TPOT p50 ms", Better.LOWER, Statistic.P50, Threshold.LATENCY),
  TPOT_P99("TPOT p99 ms", Better.LOWER, Statistic.P99, Threshold.LATENCY),
  E2EL_P50("E2EL p50 ms", Better.LOWER, Statistic.P50, Threshold.LATENCY),
  E2EL_P99("E2EL p99 ms", Better.LOWER, Statistic.P99, Threshold.LATENCY);

  /** Which way a figure improves. */
  enum Better {
    HIGHER,
    LOWER
  }

  /** How a figure is made of its values. */
  enum Statistic {
    /** A sum per second of the measurement window. */
    RATE,
    /** The mean of 0/1 values: a share of requests. */
    SHARE,
    /** The median, by nearest rank as the report's percentiles. */
    P50,
    /** The 99th percentile, by nearest rank. */
    P99;

    /**
     * The fewest values a side needs for the figure to be judged: ten seconds of a rate's window,
     * ten requests for a share or a median, a hundred for a 99th percentile (below that it is one
     * of the few largest values, which no resampling makes steadier).
     */
    int minValues() {
      return this == P99 ? 100 : 10;
    }

    /** True for a share, whose change is a difference (percentage points), not a ratio. */
    boolean absolute() {
      return this == SHARE;
    }
  }

  /** Which threshold of {@link Thresholds} a figure's change must pass. */
  enum Threshold {
    THROUGHPUT,
    LATENCY,
    SHARE,
    ERRORS
  }

  final String label;
  final Better better;
  final Statistic statistic;
  final Threshold threshold;

  ComparedFigure(String label, Better better, Statistic statistic, Threshold threshold) {
    this.label = label;
    this.better = better;
    this.statistic = statistic;
    this.threshold = threshold;
  }

  /**
   * The figure's values in a level, sorted ascending but for a rate (the bootstrap's percentiles
   * rely on it): for a rate, one per second of its window, since a rate's noise is over time (a
   * window's requests all good still make a goodput that varies from second to second); else one
   * per request that counts in it.
   */
  double[] values(RunSample.Level level) {
    double[] values =
        switch (this) {
          case OUTPUT_THROUGHPUT -> level.tokensBySecond().clone();
          case GOODPUT -> level.goodBySecond().clone();
          case GOOD_FRACTION -> shares(ended(level.rows()), r -> r.status().good());
          case ERROR_RATE -> shares(ended(level.rows()), r -> !r.status().ok());
          case TTFT_P50, TTFT_P99 -> millis(level.rows(), r -> r.latency().ttftMicros());
          case TPOT_P50, TPOT_P99 -> millis(level.rows(), r -> r.latency().tpotMicros());
          case E2EL_P50, E2EL_P99 -> millis(level.rows(), r -> r.latency().e2elMicros());
        };
    if (statistic != Statistic.RATE) {
      Arrays.sort(values); // a rate's seconds stay in order: their levels are strata
    }
    return values;
  }

  /**
   * The figure of a sample whose value {@code sorted[i]} occurs {@code counts[i]} times (a
   * bootstrap resample; the original sample has every count 1).
   *
   * @param windowSeconds the level's measurement window, for a rate
   */
  double of(double[] sorted, int[] counts, int n, double windowSeconds) {
    switch (statistic) {
      case RATE:
      case SHARE:
        double sum = 0;
        for (int i = 0; i < sorted.length; i++) {
          sum += sorted[i] * counts[i];
        }
        if (statistic == Statistic.RATE) {
          return windowSeconds > 0 ? sum / windowSeconds : Double.NaN;
        }
        return n > 0 ? sum / n : Double.NaN;
      default:
        double quantile = statistic == Statistic.P50 ? 0.50 : 0.99;
        long rank = Math.max(1, (long) Math.ceil(quantile * n));
        long seen = 0;
        for (int i = 0; i < sorted.length; i++) {
          seen += counts[i];
          if (seen >= rank) {
            return sorted[i];
          }
        }
        return Double.NaN;
    }
  }

  /** The requests that ended, OK or KO: an aborted one (the run stopped) is neither. */
  private static List<RequestRow> ended(List<RequestRow> rows) {
    return rows.stream().filter(r -> !r.status().aborted()).toList();
  }

  private static double[] shares(
      List<RequestRow> rows, java.util.function.Predicate<RequestRow> counted) {
    double[] values = new double[rows.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = counted.test(rows.get(i)) ? 1 : 0;
    }
    return values;
  }

  /** The successful requests' durations in milliseconds, those that reached the point measured. */
  private static double[] millis(List<RequestRow> rows, ToLongFunction<RequestRow> micros) {
    return rows.stream()
        .filter(r -> r.status().ok())
        .mapToLong(micros)
        .filter(value -> value >= 0)
        .mapToDouble(value -> value / 1000.0)
        .toArray();
  }
}
