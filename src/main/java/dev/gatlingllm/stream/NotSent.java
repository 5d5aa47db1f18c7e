package dev.gatlingllm.stream;

import dev.gatlingllm.metrics.request.Generation;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.secrets.Redactor;

/**
 * The finished of a request that failed before anything was sent (e.g. its body could not be
 * built): a KO with no timing but its end, made without the decoder, interpreter and timers of a
 * whole exchange.
 */
public final class NotSent {
  private NotSent() {}

  /**
   * The KO, seen by the token listener like any end.
   *
   * @param message the reason, redacted here
   * @param maxTokens the output limit the request asked for, or -1 when it was not built that far
   * @param listener sees the end, or null; if it throws, the KO names it instead
   */
  public static FinishedStream finished(
      String message,
      long scheduledNanos,
      long nowNanos,
      long maxTokens,
      Redactor redactor,
      OutputListener listener) {
    FinishedStream result = ko(message, scheduledNanos, nowNanos, maxTokens, redactor);
    return StreamExchange.notifyEnd(
        listener, result, failed -> ko(failed, scheduledNanos, nowNanos, maxTokens, redactor));
  }

  private static FinishedStream ko(
      String message, long scheduledNanos, long nowNanos, long maxTokens, Redactor redactor) {
    RequestTimeline timeline = new RequestTimeline(scheduledNanos);
    timeline.onDone(nowNanos);
    return new FinishedStream(
        timeline.toResult(
            Verdict.ko(0, redactor.redact(message)), -1, -1, new Generation(maxTokens, null)),
        "",
        "");
  }
}
