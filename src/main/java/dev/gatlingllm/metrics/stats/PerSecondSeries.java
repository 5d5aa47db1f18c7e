package dev.gatlingllm.metrics.stats;

/**
 * Per-second figures over the run, for the "over time" chart.
 *
 * @param startEpochSecond the epoch second of bucket 0
 * @param outputTokens output tokens of successful requests that arrived in each second
 * @param activeStreams the mean number of requests in flight (sent, not yet done) during each
 *     second
 */
public record PerSecondSeries(long startEpochSecond, long[] outputTokens, double[] activeStreams) {
  public PerSecondSeries {
    outputTokens = outputTokens.clone();
    activeStreams = activeStreams.clone();
    if (outputTokens.length != activeStreams.length) {
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

  public int seconds() {
    return outputTokens.length;
  }
}
