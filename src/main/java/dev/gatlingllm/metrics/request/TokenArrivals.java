package dev.gatlingllm.metrics.request;

/**
 * The arrival times of one request's token events, in epoch nanoseconds, replayed from its TTFT and
 * gaps. A stream longer than the gaps kept ({@link RequestTimeline#MAX_KEPT_GAPS}) has its
 * remaining events spread evenly up to its last token (E2EL), which is exact: they are not all put
 * at the last kept arrival.
 */
public final class TokenArrivals {
  private final long[] gaps;
  private final int keptGaps;
  private final int events;
  private final long lastArrival;
  private long arrival;
  private long keptEnd;
  private int next;

  /** For a request with a first token, sent at {@code startEpochMillis}. */
  public TokenArrivals(long startEpochMillis, RequestResult result) {
    this.gaps = result.itlNanos();
    this.events = result.tokens().tokenEvents();
    this.keptGaps = Math.min(gaps.length, Math.max(0, events - 1));
    long sentNanos = startEpochMillis * 1_000_000L;
    this.arrival = sentNanos + result.timing().ttftNanos();
    this.lastArrival =
        sentNanos + Math.max(result.timing().e2elNanos(), result.timing().ttftNanos());
  }

  /**
   * The arrival of the next event (the first call gives the first token's), in epoch nanoseconds.
   */
  public long next() {
    int i = next++;
    if (i == 0) {
      keptEnd = arrival;
      return arrival;
    }
    if (i - 1 < keptGaps) {
      arrival += gaps[i - 1];
      keptEnd = arrival;
      return arrival;
    }
    int unkept = events - 1 - keptGaps;
    int past = i - keptGaps;
    return keptEnd + Math.round((double) (lastArrival - keptEnd) * past / unkept);
  }
}
