package dev.gatlingllm.stream;

import java.time.Duration;

/**
 * Limits of one streamed exchange.
 *
 * @param idleTimeout the longest silence allowed between two pieces of the response (a stalled stream)
 * @param overallTimeout the longest a request may take from scheduling to its end (a stream that never ends)
 * @param maxEventBytes the largest SSE line or event accepted
 * @param maxErrorBodyBytes how much of an error response body is kept for the KO message
 */
public record StreamSettings(
    Duration idleTimeout, Duration overallTimeout, int maxEventBytes, int maxErrorBodyBytes) {

  public static final StreamSettings DEFAULTS =
      new StreamSettings(Duration.ofSeconds(30), Duration.ofMinutes(10), 4 * 1024 * 1024, 16 * 1024);

  public StreamSettings {
    requirePositive(idleTimeout, "idleTimeout");
    requirePositive(overallTimeout, "overallTimeout");
    if (maxEventBytes < 1024) {
      throw new IllegalArgumentException("maxEventBytes must be at least 1024, was " + maxEventBytes);
    }
    if (maxErrorBodyBytes < 0) {
      throw new IllegalArgumentException("maxErrorBodyBytes must not be negative");
    }
  }

  public StreamSettings withIdleTimeout(Duration timeout) {
    return new StreamSettings(timeout, overallTimeout, maxEventBytes, maxErrorBodyBytes);
  }

  public StreamSettings withOverallTimeout(Duration timeout) {
    return new StreamSettings(idleTimeout, timeout, maxEventBytes, maxErrorBodyBytes);
  }

  private static void requirePositive(Duration d, String name) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration, was " + d);
    }
  }
}
