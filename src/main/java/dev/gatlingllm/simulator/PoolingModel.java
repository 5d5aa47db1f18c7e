package dev.gatlingllm.simulator;

/**
 * The capacity model of the simulator's embeddings and rerank engine (docs/simulator.md,
 * "Embeddings and rerank"): one engine runs one batch at a time; a batch takes every request
 * waiting when it starts, up to {@code maxBatchTokens} input tokens, and lasts {@code batchMicros +
 * tokenMicros x its input tokens}. A lone request's latency is then the fixed cost plus its tokens'
 * cost, concurrent requests share the fixed cost (throughput grows with concurrency), and past
 * {@code 1 / tokenMicros} tokens per microsecond the queue grows: the knee of the sweep.
 *
 * @param batchMicros the fixed cost of one batch (a forward pass, whatever its size)
 * @param tokenMicros the cost of one input token in a batch
 * @param maxBatchTokens the most input tokens one batch takes (a larger request runs alone)
 * @param dimensions the length of the vectors when a request names none
 */
record PoolingModel(long batchMicros, double tokenMicros, int maxBatchTokens, int dimensions) {
  static final PoolingModel DEFAULT = new PoolingModel(3000, 10.0, 16384, 384);

  PoolingModel {
    if (batchMicros < 0 || tokenMicros < 0 || maxBatchTokens < 1 || dimensions < 1) {
      throw new IllegalArgumentException(
          "invalid pooling model: batchMicros and tokenMicros >= 0, maxBatchTokens and"
              + " embedDimensions >= 1");
    }
  }

  /** How long a batch of {@code tokens} input tokens takes, in nanoseconds. */
  long batchNanos(long tokens) {
    return Math.round((batchMicros + tokenMicros * tokens) * 1000);
  }
}
