package dev.gatlingllm.metrics.request;

/**
 * The token counts of one request and the output limit it asked for, the same in its result and in
 * its row of {@code requests.csv}.
 *
 * @param tokenEvents the number of events that carried generated output
 * @param inputTokens the prompt tokens, or -1 when unknown
 * @param inputTokenSource where {@code inputTokens} comes from
 * @param outputTokens N, from {@code outputTokenSource}
 * @param outputTokenSource where {@code outputTokens} comes from
 * @param serverOutputTokens usage.completion_tokens, or -1 when absent, or {@link
 *     RequestTimeline#UNTRUSTED_COUNT} when the server sent an implausible count (not used)
 * @param clientOutputTokens a client tokenizer count, or -1
 * @param maxTokens the output limit the request asked for, or -1 when it set none
 * @param finishReason the last {@code finish_reason} the server sent (at most {@value
 *     #MAX_FINISH_REASON_CHARS} chars), or null
 * @param answerEvents the token events that carried answer text; the others carried only reasoning
 *     or tool-call output. -1 when unknown (a row of a file written before this figure)
 * @param images the images the prompt carried (0 for text only)
 * @param imageBytes those images' encoded bytes in all
 * @param inputs the texts an embeddings request sent in its batch, or the documents a rerank
 *     request ranked; 0 for a generation request (and in a file written before this figure)
 * @param audioClips the audio clips the prompt carried (0 without audio)
 * @param audioBytes those clips' encoded bytes in all
 * @param audioMillis those clips' durations in all, in milliseconds
 */
public record TokenCounts(
    int tokenEvents,
    long inputTokens,
    TokenCountSource inputTokenSource,
    long outputTokens,
    TokenCountSource outputTokenSource,
    long serverOutputTokens,
    long clientOutputTokens,
    long maxTokens,
    String finishReason,
    int answerEvents,
    int images,
    long imageBytes,
    int inputs,
    int audioClips,
    long audioBytes,
    long audioMillis) {
  /**
   * Finish reasons are short words ({@code stop}, {@code length}, {@code tool_calls}); a longer one
   * is cut.
   */
  public static final int MAX_FINISH_REASON_CHARS = 32;

  public TokenCounts {
    if (finishReason != null && finishReason.length() > MAX_FINISH_REASON_CHARS) {
      finishReason = finishReason.substring(0, MAX_FINISH_REASON_CHARS);
    }
  }

  /**
   * True when the request asked for an output limit and its answer ended before it: a finish reason
   * other than {@code length}, or fewer output tokens than asked. False when no limit was set.
   */
  public boolean endedBeforeLimit() {
    if (maxTokens <= 0) {
      return false;
    }
    return finishReason != null && !finishReason.equals("length") || outputTokens < maxTokens;
  }
}
