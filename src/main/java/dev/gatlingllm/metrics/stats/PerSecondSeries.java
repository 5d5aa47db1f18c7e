package dev.gatlingllm.metrics.stats;

/**
 * Per-second figures over the run, for the "over time" chart.
 *
 * @param startEpochSecond the epoch second of bucket 0
 * @param outputTokens output tokens of successful requests that arrived in each second
 * @param activeStreams the mean number of requests in flight (sent, not yet done) during each
 *     second
 * @param pooledInputs the texts embedded, or documents reranked, by the successful embeddings and
 *     rerank requests whose answer ended in each second: what a run of them alone delivered over
 *     time, since their answers carry no output tokens
 */
public record PerSecondSeries(
    long startEpochSecond, long[] outputTokens, double[] activeStreams, long[] pooledInputs) {
  public PerSecondSeries {
    outputTokens = outputTokens.clone();
    activeStreams = activeStreams.clone();
    pooledInputs = pooledInputs.clone();
    if (outputTokens.length != activeStreams.length || outputTokens.length != pooledInputs.length) {
      throw new IllegalArgumentException("timeline series differ in length");
    }
  }

  @Override
  public long[] outputTokens() {
    return outputTokens.clone();
  }

  @Override
  public double[] activeStreams() {
    return activeStreams.clone();
  }

  @Override
  public long[] pooledInputs() {
    return pooledInputs.clone();
  }

  public int seconds() {
    return outputTokens.length;
  }
}
