package dev.gatlingllm.report;

import dev.gatlingllm.metrics.level.Figures;
import java.util.Locale;

/**
 * How the report writes its numbers, one place for the page, the console and summary.md: so that a
 * figure reads the same wherever it shows, and no section reaches into another for a helper.
 */
final class Numbers {
  private Numbers() {}

  /** Thousands separated, fixed decimals; "-" when there is no value (NaN, infinite). */
  static String number(double value, int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "-";
    }
    return String.format(Locale.ROOT, "%,." + decimals + "f", value);
  }

  /**
   * A client figure: "n/a" when no successful request gave it (a server's figure it lacks is "-").
   */
  static String measured(double value, int decimals) {
    return Double.isNaN(value) ? "n/a" : number(value, decimals);
  }

  /** A share (0.25) as a percentage with one decimal ({@code 25.0 %}). */
  static String percent(double fraction) {
    return number(100 * fraction, 1) + " %";
  }

  /** Fixed decimals without separators, "n/a" when no request gave the figure (console, CI). */
  static String fixed(double value, int decimals) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /** The mean speed of the successful streams; unknown (NaN) without any. */
  static double perStream(Figures f) {
    return f.counts().completed() > 0 ? f.throughput().perStreamTokensPerSecond() : Double.NaN;
  }
}
