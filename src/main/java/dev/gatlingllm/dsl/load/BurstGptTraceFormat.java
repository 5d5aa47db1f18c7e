package dev.gatlingllm.dsl.load;

import java.math.BigDecimal;
import java.util.List;

/**
 * BurstGPT's trace (HPMLL/BurstGPT): CSV with the header {@code Timestamp,Model,Request
 * tokens,Response tokens,Total tokens,Log Type}, {@code Timestamp} in seconds from the trace's
 * start. A row whose {@code Response tokens} is 0 is a request that failed in the original log.
 */
final class BurstGptTraceFormat implements TraceFormat {
  static final String TIMESTAMP = "Timestamp";
  static final String REQUEST_TOKENS = "Request tokens";
  static final String RESPONSE_TOKENS = "Response tokens";
  static final String HEADER =
      "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type";

  private static final List<String> NEEDED = List.of(TIMESTAMP, REQUEST_TOKENS, RESPONSE_TOKENS);

  @Override
  public String id() {
    return "burstgpt";
  }

  @Override
  public String described() {
    return "BurstGPT CSV (" + HEADER + ")";
  }

  @Override
  public boolean recognizes(String firstLine) {
    return CsvTraceColumns.of(firstLine).hasAll(NEEDED);
  }

  @Override
  public Rows rows(String firstLine) {
    return CsvTraceColumns.rows(
        firstLine, TIMESTAMP, BurstGptTraceFormat::seconds, REQUEST_TOKENS, RESPONSE_TOKENS);
  }

  /** Seconds from the trace's start, whole or decimal, as nanoseconds. */
  static long seconds(String text) {
    try {
      BigDecimal seconds = new BigDecimal(text);
      if (seconds.signum() >= 0) {
        return seconds
            .movePointRight(9)
            .setScale(0, java.math.RoundingMode.HALF_UP)
            .longValueExact();
      }
    } catch (NumberFormatException | ArithmeticException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "'" + TIMESTAMP + "' must be seconds from the trace's start (>= 0), was '" + text + "'");
  }
}
