package dev.gatlingllm.stream;

import dev.gatlingllm.sse.SseDecoder;
import java.time.Duration;

/**
 * Limits of one streamed exchange.
 *
 * @param idleTimeout the longest silence allowed between two pieces of the response (a stalled
 *     stream)
 * @param overallTimeout the longest a request may take from scheduling to its end (a stream that
 *     never ends)
 * @param maxEventBytes the largest frame accepted: an SSE line or event, an NDJSON line
 * @param maxErrorBodyBytes how much of an error response body is kept for the KO message
 * @param maxOutputBytes the most generated text (answer and reasoning, UTF-8 bytes) one request may
 *     keep: a stream that goes on beyond it ends KO, so that endless streams cannot exhaust the
 *     heap
 */
public record StreamSettings(
    Duration idleTimeout,
    Duration overallTimeout,
    int maxEventBytes,
    int maxErrorBodyBytes,
    long maxOutputBytes) {

  /** 1 MiB of text: about 250,000 tokens, far beyond any model's output limit today. */
  public static final long DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;

  public static final StreamSettings DEFAULTS =
      new StreamSettings(
          Duration.ofSeconds(30),
          Duration.ofMinutes(10),
          SseDecoder.DEFAULT_MAX_EVENT_BYTES,
          16 * 1024,
          DEFAULT_MAX_OUTPUT_BYTES);

  public StreamSettings {
    requirePositive(idleTimeout, "idleTimeout");
    requirePositive(overallTimeout, "overallTimeout");
    if (maxEventBytes < 1024) {
      throw new IllegalArgumentException(
          "maxEventBytes must be at least 1024, was " + maxEventBytes);
    }
    if (maxErrorBodyBytes < 0) {
      throw new IllegalArgumentException("maxErrorBodyBytes must not be negative");
    }
    if (maxOutputBytes < 1) {
      throw new IllegalArgumentException(
          "maxOutputBytes must be at least 1, was " + maxOutputBytes);
    }
  }

  /** The same settings with another idle timeout. */
  public StreamSettings withIdleTimeout(Duration timeout) {
    return new StreamSettings(
        timeout, overallTimeout, maxEventBytes, maxErrorBodyBytes, maxOutputBytes);
  }

  /** The same settings with another overall timeout. */
  public StreamSettings withOverallTimeout(Duration timeout) {
    return new StreamSettings(
        idleTimeout, timeout, maxEventBytes, maxErrorBodyBytes, maxOutputBytes);
  }

  /** The same settings with another bound on the text kept per request. */
  public StreamSettings withMaxOutputBytes(long bytes) {
    return new StreamSettings(idleTimeout, overallTimeout, maxEventBytes, maxErrorBodyBytes, bytes);
  }

  private static void requirePositive(Duration d, String name) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration, was " + d);
    }
  }
}
