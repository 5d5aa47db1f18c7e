package dev.gatlingllm.metrics.request;

/**
 * The immutable figures of one request, as metrics.md defines them. All durations are in
 * nanoseconds and are -1 when the request never reached the point they measure (e.g. no TTFT
 * without a first token).
 *
 * @param outcome OK, or KO with its message
 * @param sendLatenessNanos sent - scheduled: how long the request waited in the client before its
 *     bytes left
 * @param ttfbNanos headers - sent
 * @param ttftNanos first_token - sent
 * @param ttftFromScheduledNanos first_token - scheduled (includes client-side queueing)
 * @param ttfoNanos first_answer_token - sent
 * @param e2elNanos last_token - sent
 * @param tpotNanos (E2EL - TTFT) / (N - 1), for N > 1 output tokens
 * @param durationNanos done - sent: what the Gatling record of the request spans
 * @param tokenEvents the number of events that carried generated output
 * @param itlNanos the gaps between consecutive token events (length tokenEvents - 1), or the first
 *     {@link RequestTimeline#MAX_KEPT_GAPS} of them for a longer stream
 * @param outputTokens N, from {@code outputTokenSource}
 * @param serverOutputTokens usage.completion_tokens, or -1 when absent, or {@link
 *     RequestTimeline#UNTRUSTED_COUNT} when the server sent an implausible count (not used)
 * @param clientOutputTokens a client tokenizer count, or -1
 * @param inputTokens the prompt tokens, or -1 when unknown
 * @param requestId the server's id of the request ({@link RequestIds}), or null when it sent none
 * @param serverDecodeNanos the server's own measure of the time it spent generating the output
 *     (Ollama's {@code eval_duration}, from llama.cpp's {@code timings}), or -1 when it sent none
 * @param serverReasoningTokens the part of {@code serverOutputTokens} the model spent reasoning, as
 *     the server counted it apart (OpenAI's {@code reasoning_tokens}), or -1 when it did not
 * @param serverPrefillNanos the server's own measure of its prompt time (llama.cpp's {@code
 *     timings.prompt_ms}, Ollama's {@code prompt_eval_duration}), or -1 when it sent none
 * @param generation the output limit the request asked for and the finish reason it ended with
 */
public record RequestResult(
    Verdict outcome,
    long sendLatenessNanos,
    long ttfbNanos,
    long ttftNanos,
    long ttftFromScheduledNanos,
    long ttfoNanos,
    long e2elNanos,
    long tpotNanos,
    long durationNanos,
    int tokenEvents,
    long[] itlNanos,
    long outputTokens,
    TokenCountSource outputTokenSource,
    long serverOutputTokens,
    long clientOutputTokens,
    long inputTokens,
    TokenCountSource inputTokenSource,
    String requestId,
    long serverDecodeNanos,
    long serverReasoningTokens,
    long serverPrefillNanos,
    Generation generation) {

  public boolean ok() {
    return outcome.ok();
  }

  /** The same figures with another outcome (e.g. an answer check turning an OK into a KO). */
  public RequestResult withOutcome(Verdict newOutcome) {
    return new RequestResult(
        newOutcome,
        sendLatenessNanos,
        ttfbNanos,
        ttftNanos,
        ttftFromScheduledNanos,
        ttfoNanos,
        e2elNanos,
        tpotNanos,
        durationNanos,
        tokenEvents,
        itlNanos,
        outputTokens,
        outputTokenSource,
        serverOutputTokens,
        clientOutputTokens,
        inputTokens,
        inputTokenSource,
        requestId,
        serverDecodeNanos,
        serverReasoningTokens,
        serverPrefillNanos,
        generation);
  }

  /**
   * last_token - scheduled: the E2EL of a user who arrived at the scheduled time; -1 without a last
   * token.
   */
  public long e2elFromScheduledNanos() {
    return e2elNanos < 0 ? -1 : e2elNanos + Math.max(0, sendLatenessNanos);
  }

  public boolean hasFirstToken() {
    return ttftNanos >= 0;
  }

  /**
   * Output speed of this stream, (N - 1) / (E2EL - TTFT) in tokens per second, or -1 when
   * undefined.
   */
  public double outputTokensPerSecond() {
    if (outputTokens <= 1 || e2elNanos <= ttftNanos || ttftNanos < 0) {
      return -1;
    }
    return (outputTokens - 1) * 1e9 / (e2elNanos - ttftNanos);
  }

  /** Milliseconds with microsecond resolution, or -1 for an absent duration. */
  public static double millis(long nanos) {
    return nanos < 0 ? -1 : Math.round(nanos / 1_000.0) / 1_000.0;
  }
}
