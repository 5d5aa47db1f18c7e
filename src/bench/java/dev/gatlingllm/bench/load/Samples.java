package dev.gatlingllm.bench.load;

import java.util.Arrays;

/**
 * A growable list of nanosecond values with exact percentiles (values may be negative: errors are
 * signed).
 */
final class Samples {
  private long[] values = new long[1024];
  private int size;
  private boolean sorted;

  void add(long value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = value;
    sorted = false;
  }

  int count() {
    return size;
  }

  /** Nearest-rank percentile in nanoseconds; NaN when empty. */
  double percentile(double p) {
    if (size == 0) {
      return Double.NaN;
    }
    if (!sorted) {
      Arrays.sort(values, 0, size);
      sorted = true;
    }
    int rank = (int) Math.ceil(p / 100.0 * size);
    return values[Math.max(0, Math.min(size - 1, rank - 1))];
  }

  double max() {
    return percentile(100);
  }

  /** "p50 / p99 / max" in milliseconds. */
  String millis() {
    if (size == 0) {
      return "n/a";
    }
    return ms(percentile(50)) + " / " + ms(percentile(99)) + " / " + ms(max());
  }

  static String ms(double nanos) {
    if (Double.isNaN(nanos)) {
      return "n/a";
    }
    double ms = nanos / 1e6;
    return Math.abs(ms) >= 100
        ? String.format("%.0f", ms)
        : Math.abs(ms) >= 10 ? String.format("%.1f", ms) : String.format("%.2f", ms);
  }
}
