package dev.gatlingllm.metrics.request;

/**
 * One finished request as the run figures see it, and as one row of {@code requests.csv}: durations in
 * microseconds (-1 = absent). Every run and level figure is computed from these (plus the pooled ITL gaps,
 * which do not fit in a row), so recomputing the figures from {@code requests.csv} gives the same numbers.
 *
 * @param startEpochMillis when the request was sent
 * @param level the index of the level whose time span holds the start, or -1
 * @param inWindow true when the start falls in that level's measurement window (after its settle time)
 * @param windowTokens output tokens by the measurement window they arrived in: pairs (level index, tokens)
 * @param requestId the server's id of the request ({@link RequestIds}), or null when unknown
 * @param retryAfterSeconds the server's {@code Retry-After} in seconds, or -1 when it sent none
 * @param serverDecodeMicros the server's own measure of its decode time (Ollama's {@code eval_duration}, from
 *     llama.cpp's {@code timings}), or -1
 * @param finishReason the last {@code finish_reason} the server sent (at most {@value #MAX_FINISH_REASON_CHARS}
 *     chars), or null
 * @param maxTokens the output limit the request asked for, or -1 when it set none
 * @param serverReasoningTokens the part of {@code serverOutputTokens} the server counted as reasoning, or -1
 * @param serverPrefillMicros the server's own measure of its prompt time (llama.cpp's {@code prompt_ms}, Ollama's
 *     {@code prompt_eval_duration}), or -1
 */
public record RequestRow(
    long startEpochMillis,
    int level,
    boolean inWindow,
    String requestName,
    boolean ok,
    int httpStatus,
    String error,
    long ttftMicros,
    long ttfbMicros,
    long ttfoMicros,
    long tpotMicros,
    long e2elMicros,
    long itlMeanMicros,
    long itlP50Micros,
    long itlMaxMicros,
    int tokenEvents,
    long inputTokens,
    TokenCountSource inputTokenSource,
    long outputTokens,
    TokenCountSource outputTokenSource,
    long serverOutputTokens,
    long clientOutputTokens,
    long sendLatenessMicros,
    long ttftFromScheduledMicros,
    long durationMicros,
    boolean good,
    long[] windowTokens,
    String requestId,
    long retryAfterSeconds,
    long serverDecodeMicros,
    String finishReason,
    long maxTokens,
    long serverReasoningTokens,
    long serverPrefillMicros) {
  /** Finish reasons are short words ({@code stop}, {@code length}, {@code tool_calls}); a longer one is cut. */
  public static final int MAX_FINISH_REASON_CHARS = 32;

  /** A row without a reasoning count apart nor a server prefill time. */
  public RequestRow(long startEpochMillis, int level, boolean inWindow, String requestName, boolean ok,
      int httpStatus, String error, long ttftMicros, long ttfbMicros, long ttfoMicros, long tpotMicros,
      long e2elMicros, long itlMeanMicros, long itlP50Micros, long itlMaxMicros, int tokenEvents, long inputTokens,
      TokenCountSource inputTokenSource, long outputTokens, TokenCountSource outputTokenSource,
      long serverOutputTokens, long clientOutputTokens, long sendLatenessMicros, long ttftFromScheduledMicros,
      long durationMicros, boolean good, long[] windowTokens, String requestId, long retryAfterSeconds,
      long serverDecodeMicros, String finishReason, long maxTokens) {
    this(startEpochMillis, level, inWindow, requestName, ok, httpStatus, error, ttftMicros, ttfbMicros, ttfoMicros,
        tpotMicros, e2elMicros, itlMeanMicros, itlP50Micros, itlMaxMicros, tokenEvents, inputTokens,
        inputTokenSource, outputTokens, outputTokenSource, serverOutputTokens, clientOutputTokens,
        sendLatenessMicros, ttftFromScheduledMicros, durationMicros, good, windowTokens, requestId,
        retryAfterSeconds, serverDecodeMicros, finishReason, maxTokens, -1, -1);
  }

  public RequestRow {
    if (finishReason != null && finishReason.length() > MAX_FINISH_REASON_CHARS) {
      finishReason = finishReason.substring(0, MAX_FINISH_REASON_CHARS);
    }
  }

  /** A request still in flight when the run was stopped: neither a success nor a failure (metrics.md). */
  public boolean aborted() {
    return Verdict.isAborted(ok, error);
  }

  /**
   * A successful request that asked for an output limit and ended before it: a finish reason other than
   * {@code length}, or fewer output tokens than asked (metrics.md, "Early stops"). False when no limit was set.
   */
  public boolean stoppedEarly() {
    if (!ok || maxTokens <= 0) {
      return false;
    }
    return finishReason != null && !finishReason.equals("length") || outputTokens < maxTokens;
  }

  /** When the last byte of the response arrived (the request's end), rounded up to a whole millisecond. */
  public long lastByteEpochMillis() {
    return startEpochMillis - Math.floorDiv(-Math.max(0, durationMicros), 1000);
  }

  /** When the load model wanted the request to start (its arrival in an open model), in epoch microseconds. */
  public long scheduledEpochMicros() {
    return startEpochMillis * 1000 - Math.max(0, sendLatenessMicros);
  }

  /** last_token - scheduled: the E2EL of a user who arrived at the scheduled time; -1 without a last token. */
  public long e2elFromScheduledMicros() {
    return e2elMicros < 0 ? -1 : e2elMicros + Math.max(0, sendLatenessMicros);
  }

  /**
   * Output speed of this stream, (N - 1) / (E2EL - TTFT) in tokens per second, from the microsecond figures
   * (so that the report and a recomputation from the CSV agree); -1 when undefined.
   */
  public double outputTokensPerSecond() {
    if (outputTokens <= 1 || ttftMicros < 0 || e2elMicros <= ttftMicros) {
      return -1;
    }
    return (outputTokens - 1) * 1e6 / (e2elMicros - ttftMicros);
  }

  /**
   * The server's own decode speed for this stream, server output tokens / server decode time in tokens per
   * second; -1 when the server gave either no decode time or no count.
   */
  public double serverDecodeTokensPerSecond() {
    if (serverDecodeMicros <= 0 || serverOutputTokens <= 0) {
      return -1;
    }
    return serverOutputTokens * 1e6 / serverDecodeMicros;
  }

  /** The same record attributed to another level index (a merge renumbers the levels of each run). */
  public RequestRow withLevels(int newLevel, long[] newWindowTokens) {
    return new RequestRow(
        startEpochMillis, newLevel, inWindow, requestName, ok, httpStatus, error, ttftMicros, ttfbMicros,
        ttfoMicros, tpotMicros, e2elMicros, itlMeanMicros, itlP50Micros, itlMaxMicros, tokenEvents, inputTokens,
        inputTokenSource, outputTokens, outputTokenSource, serverOutputTokens, clientOutputTokens,
        sendLatenessMicros, ttftFromScheduledMicros, durationMicros, good, newWindowTokens, requestId,
        retryAfterSeconds, serverDecodeMicros, finishReason, maxTokens, serverReasoningTokens, serverPrefillMicros);
  }
}
