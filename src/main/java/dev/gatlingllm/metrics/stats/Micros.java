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

  /**
   * The most milliseconds a duration read back may hold (about 31 years): a file whose duration is
   * longer, NaN or infinite was not written by {@link #formatMillis}.
   */
  public static final double MAX_PARSED_MILLIS = 1e12;

  /**
   * Parses {@link #formatMillis} output back to microseconds.
   *
   * @throws NumberFormatException for text that is no such duration: not a number, NaN, infinite or
   *     above {@link #MAX_PARSED_MILLIS} (a reader names the file and line)
   */
  public static long parseMillis(String text) {
    if (text.isEmpty() || text.startsWith("-")) {
      return -1;
    }
    double millis = Double.parseDouble(text);
    if (!(millis <= MAX_PARSED_MILLIS)) {
      throw new NumberFormatException(
          "not a duration in milliseconds (0 to 1e12): '"
              + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
              + "'");
    }
    return Math.round(millis * 1000.0);
  }

  /** A number without a useless ".0": 500 -> "500", 0.5 -> "0.5". */
  public static String formatNumber(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%s", value);
  }
}
