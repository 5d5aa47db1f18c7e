package dev.gatlingllm.metrics.request;

/**
 * What a request asked the model to generate at most, and why the model stopped: together they tell
 * an output cut short by its limit from one the model ended itself.
 *
 * @param maxTokens the output limit the request asked for, or -1 for none
 * @param finishReason the last {@code finish_reason} the server sent, or null
 * @param inputs the texts of an embeddings batch or the documents of a rerank, whose answer comes
 *     whole rather than streamed; 0 for a generation request
 */
public record Generation(long maxTokens, String finishReason, int inputs) {
  /** A request that asked for no limit and whose server gave no reason. */
  public static final Generation UNKNOWN = new Generation(-1, null);

  /** A generation request (streamed, no batch of inputs). */
  public Generation(long maxTokens, String finishReason) {
    this(maxTokens, finishReason, 0);
  }

  /** True for an embeddings or rerank request: one JSON answer, no tokens streamed. */
  public boolean wholeAnswer() {
    return inputs > 0;
  }
}
