package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.stats.Distribution;

/**
 * The embeddings and rerank requests of a window (docs/metrics.md, "Embeddings and rerank"): their
 * answers come whole, so their throughput is counted in requests, texts and prompt tokens rather
 * than in output tokens, and their one latency is the E2EL. Kept apart from the window's other
 * requests so that a mixed run's pooling figures are its pooling requests' own.
 *
 * @param requests the successful requests that sent a batch of inputs
 * @param failed the requests that sent a batch of inputs and failed
 * @param good the successful ones that met every SLO that judges them (the E2EL SLO)
 * @param inputs the texts embedded, or the documents reranked, by the successful requests
 * @param inputTokens their input tokens (the server's usage, else the client's count)
 * @param requestThroughput requests / window
 * @param requestGoodput good / window
 * @param inputsPerSecond inputs / window
 * @param inputTokensPerSecond inputTokens / window
 * @param e2el the E2EL of the successful requests: sent to the end of the whole answer
 */
public record PooledInputs(
    long requests,
    long failed,
    long good,
    long inputs,
    long inputTokens,
    double requestThroughput,
    double requestGoodput,
    double inputsPerSecond,
    double inputTokensPerSecond,
    Distribution e2el) {
  /** True when no embeddings or rerank request was sent: the figures are not shown. */
  public boolean none() {
    return sent() == 0;
  }

  /** The embeddings and rerank requests started in the window, successful or not. */
  public long sent() {
    return requests + failed;
  }

  /** failed / sent; NaN without requests. */
  public double errorRate() {
    return sent() == 0 ? Double.NaN : (double) failed / sent();
  }

  /** good / sent, a failed request counting as not good; NaN without requests. */
  public double goodFraction() {
    return sent() == 0 ? Double.NaN : (double) good / sent();
  }

  /**
   * True when every request of the window was an embeddings or rerank request: the generation
   * figures (output tok/s, TTFT, TPOT, ITL) then mean nothing and the report leaves them out.
   */
  public boolean coversAll(RequestCounts counts) {
    return counts.requests() > 0 && sent() == counts.requests();
  }
}
