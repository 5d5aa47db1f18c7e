package dev.gatlingllm.metrics.request;

/**
 * What a request asked the model to generate at most, and why the model stopped: together they tell
 * an output cut short by its limit from one the model ended itself.
 *
 * @param maxTokens the output limit the request asked for, or -1 for none
 * @param finishReason the last {@code finish_reason} the server sent, or null
 */
public record Generation(long maxTokens, String finishReason) {
  /** A request that asked for no limit and whose server gave no reason. */
  public static final Generation UNKNOWN = new Generation(-1, null);
}
