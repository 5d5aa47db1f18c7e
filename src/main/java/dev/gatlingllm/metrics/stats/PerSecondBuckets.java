package dev.gatlingllm.metrics.stats;

import java.util.Arrays;

/**
 * One bucket per second from a start second: output tokens received, stream-seconds in flight and
 * the inputs of embeddings and rerank answers ended. Memory is 24 bytes per second of run, capped
 * at {@link #MAX_SECONDS}; later seconds are left out of the chart only. Not thread-safe: the
 * recorder locks around it.
 */
public final class PerSecondBuckets {
  static final int MAX_SECONDS = 7 * 24 * 3600;

  private final long startEpochSecond;
  private long[] tokens = new long[256];
  private double[] streamSeconds = new double[256];
  private long[] pooledInputs = new long[256];
  private int used;

  public PerSecondBuckets(long startEpochSecond) {
    this.startEpochSecond = startEpochSecond;
  }

  public long startEpochSecond() {
    return startEpochSecond;
  }

  public void addTokens(long epochMillis, long count) {
    int bucket = bucket(Math.floorDiv(epochMillis, 1000));
    if (bucket >= 0) {
      tokens[bucket] += count;
    }
  }

  /**
   * The inputs (texts embedded, documents reranked) of a successful embeddings or rerank answer
   * that ended at {@code epochMillis}.
   */
  public void addPooledInputs(long epochMillis, long count) {
    int bucket = bucket(Math.floorDiv(epochMillis, 1000));
    if (bucket >= 0) {
      pooledInputs[bucket] += count;
    }
  }

  /** A request in flight from {@code fromMicros} to {@code toMicros} (epoch microseconds). */
  public void addInFlight(long fromMicros, long toMicros) {
    long from = Math.max(fromMicros, startEpochSecond * 1_000_000L);
    long to = Math.min(toMicros, (startEpochSecond + MAX_SECONDS) * 1_000_000L);
    while (from < to) {
      long second = Math.floorDiv(from, 1_000_000L);
      long secondEnd = (second + 1) * 1_000_000L;
      long until = Math.min(to, secondEnd);
      int bucket = bucket(second);
      if (bucket < 0) {
        return;
      }
      streamSeconds[bucket] += (until - from) / 1e6;
      from = until;
    }
  }

  /** Adds another run's buckets, aligned on epoch seconds. */
  public void addAll(PerSecondSeries other) {
    long[] otherTokens = other.outputTokens();
    double[] otherStreams = other.activeStreams();
    long[] otherInputs = other.pooledInputs();
    for (int i = 0; i < otherTokens.length; i++) {
      int bucket = bucket(other.startEpochSecond() + i);
      if (bucket >= 0) {
        tokens[bucket] += otherTokens[i];
        streamSeconds[bucket] += otherStreams[i];
        pooledInputs[bucket] += otherInputs[i];
      }
    }
  }

  /** The buckets up to {@code endEpochMillis} (or the last one used, whichever is later). */
  public PerSecondSeries snapshot(long endEpochMillis) {
    long endSecond = Math.floorDiv(endEpochMillis + 999, 1000);
    int length =
        (int) Math.max(used, Math.min(MAX_SECONDS, Math.max(0, endSecond - startEpochSecond)));
    ensure(length);
    return new PerSecondSeries(
        startEpochSecond,
        Arrays.copyOf(tokens, length),
        Arrays.copyOf(streamSeconds, length),
        Arrays.copyOf(pooledInputs, length));
  }

  private int bucket(long epochSecond) {
    long offset = epochSecond - startEpochSecond;
    if (offset < 0 || offset >= MAX_SECONDS) {
      return -1;
    }
    int index = (int) offset;
    ensure(index + 1);
    used = Math.max(used, index + 1);
    return index;
  }

  private void ensure(int length) {
    if (length > tokens.length) {
      int size = Math.max(length, tokens.length * 2);
      tokens = Arrays.copyOf(tokens, size);
      streamSeconds = Arrays.copyOf(streamSeconds, size);
      pooledInputs = Arrays.copyOf(pooledInputs, size);
    }
  }
}
