package dev.gatlingllm.metrics.level;

/**
 * The embeddings and rerank requests of a window (docs/metrics.md, "Embeddings and rerank"): their
 * answers come whole, so their throughput is counted in texts and in prompt tokens rather than in
 * output tokens. Successful requests only, as every token total.
 *
 * @param requests the successful requests that sent a batch of inputs
 * @param inputs the texts embedded, or the documents reranked, by those requests
 * @param inputTokens their input tokens (the server's usage, else the client's count)
 * @param inputsPerSecond inputs / window
 * @param inputTokensPerSecond inputTokens / window
 */
public record PooledInputs(
    long requests,
    long inputs,
    long inputTokens,
    double inputsPerSecond,
    double inputTokensPerSecond) {
  /** True when no embeddings or rerank request succeeded: the figures are not shown. */
  public boolean none() {
    return requests == 0;
  }
}
