package dev.gatlingllm.stream;

/**
 * What a {@link StreamOutput} may tell the exchange it belongs to, and all it may ask: whether the
 * exchange already ended, and that it ends now, well or with a KO message. One narrow seam, so that
 * the output (the events' content) and the exchange (the request's life) do not call each other
 * both ways.
 */
interface StreamEnding {
  /** Whether the exchange ended (OK, KO or aborted): later events change nothing. */
  boolean isFinished();

  /** The stream reached its end ({@code [DONE]}, a final event, the end of the body). */
  void endOfStream(long nanos);

  /** The exchange ends KO with {@code message} (redacted by the exchange). */
  void fail(String message, long nanos);

  /** A short text for an exception a callee threw: its class and its message. */
  static String describe(Throwable e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
