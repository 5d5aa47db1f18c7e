package dev.gatlingllm.metrics.stats;

import java.util.Locale;

/** Conversions to the microsecond resolution every stored figure uses. */
public final class Micros {
  private Micros() {}

  /** Nanoseconds rounded to microseconds; -1 stays -1 for an absent duration. */
  public static long of(long nanos) {
    return nanos < 0 ? -1 : (nanos + 500) / 1_000;
  }

  /** Microseconds as milliseconds, e.g. 48031 -> 48.031; -1 -> -1. */
  public static double toMillis(long micros) {
    return micros < 0 ? -1 : micros / 1_000.0;
  }

  /** "48.031" for 48031 µs, "-1" when absent: exact, no floating-point formatting. */
  public static String formatMillis(long micros) {
    if (micros < 0) {
      return "-1";
    }
    long fraction = micros % 1000;
    return (micros / 1000) + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".") + fraction;
  }

  /** Parses {@link #formatMillis} output back to microseconds. */
  public static long parseMillis(String text) {
    if (text.isEmpty() || text.startsWith("-")) {
      return -1;
    }
    return Math.round(Double.parseDouble(text) * 1000.0);
  }

  /** A number without a useless ".0": 500 -> "500", 0.5 -> "0.5". */
  public static String formatNumber(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%s", value);
  }
}
