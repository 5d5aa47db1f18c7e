package dev.gatlingllm.gatling.action;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.metrics.request.RequestResult;
import io.gatling.core.session.Session;

/**
 * The {@code <name> ITL} records of one request: one per token event after the first, from the
 * previous token event to this one, status OK. Logged once at the request's end from the gaps the
 * result already holds, never per event: the stream's hot path stays as it is whether the records
 * are on or off.
 */
final class TokenRecords {
  private TokenRecords() {}

  /**
   * Logs the request's kept gaps ({@link RequestResult#itlNanos()}, which a huge stream caps):
   * token event i is at sent + TTFT + the first i gaps. Each bound is rounded from the cumulative
   * nanoseconds, not gap by gap, so that rounding never drifts along a long stream and the records
   * tile the stream exactly.
   *
   * @param scheduledMillis the request's scheduled start in Gatling's epoch milliseconds
   * @param httpStatus the request's status, or 0
   */
  static void log(
      GatlingRuntime runtime,
      Session session,
      String recordName,
      RequestResult result,
      long scheduledMillis,
      int httpStatus) {
    if (!result.hasFirstToken()) {
      return;
    }
    long[] gaps = result.itlNanos();
    long eventNanos = result.timing().sendLatenessNanos() + result.timing().ttftNanos();
    long previousMillis = scheduledMillis + LlmStreamAction.toMillis(eventNanos);
    for (long gap : gaps) {
      eventNanos += gap;
      long eventMillis = scheduledMillis + LlmStreamAction.toMillis(eventNanos);
      runtime.logRecord(session, recordName, previousMillis, eventMillis, true, httpStatus, null);
      previousMillis = eventMillis;
    }
  }
}
