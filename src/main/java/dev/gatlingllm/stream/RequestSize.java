package dev.gatlingllm.stream;

/**
 * What the client knows of a request's size before it is sent, for the figures of its result.
 *
 * @param clientInputTokens the client's count of the prompt, or -1 without a tokenizer
 * @param maxTokens the output limit the request asks for, or -1 for none
 */
public record RequestSize(long clientInputTokens, long maxTokens) {
  /** A request whose prompt was not counted and which asks for no limit. */
  public static final RequestSize UNKNOWN = new RequestSize(-1, -1);
}
