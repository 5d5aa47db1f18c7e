package dev.gatlingllm.metrics.request;

/**
 * The client's timestamps of one request as durations, in nanoseconds as measured; -1 when the
 * request never reached the point a figure measures (e.g. no TTFT without a first token).
 *
 * @param sendLatenessNanos sent - scheduled: how long the request waited in the client before its
 *     bytes left
 * @param ttfbNanos headers - sent
 * @param ttftNanos first_token - sent
 * @param ttftFromScheduledNanos first_token - scheduled (includes client-side queueing)
 * @param ttfoNanos first_answer_token - sent
 * @param e2elNanos last_token - sent
 * @param tpotNanos (E2EL - TTFT) / (N - 1), for N > 1 output tokens
 * @param durationNanos done - sent: what the Gatling record of the request spans
 */
public record Timing(
    long sendLatenessNanos,
    long ttfbNanos,
    long ttftNanos,
    long ttftFromScheduledNanos,
    long ttfoNanos,
    long e2elNanos,
    long tpotNanos,
    long durationNanos) {

  /**
   * last_token - scheduled: the E2EL of a user who arrived at the scheduled time; -1 without a last
   * token.
   */
  public long e2elFromScheduledNanos() {
    return e2elNanos < 0 ? -1 : e2elNanos + Math.max(0, sendLatenessNanos);
  }
}
