package dev.gatlingllm.stream;

/**
 * What the client knows of a request's size before it is sent, for the figures of its result.
 *
 * @param clientInputTokens the client's count of the prompt, or -1 without a tokenizer
 * @param maxTokens the output limit the request asks for, or -1 for none
 * @param inputs the texts of an embeddings batch or the documents of a rerank, 0 for a generation
 */
public record RequestSize(long clientInputTokens, long maxTokens, int inputs) {
  /** A request whose prompt was not counted and which asks for no limit. */
  public static final RequestSize UNKNOWN = new RequestSize(-1, -1);

  /** A generation request. */
  public RequestSize(long clientInputTokens, long maxTokens) {
    this(clientInputTokens, maxTokens, 0);
  }
}
