package dev.gatlingllm.metrics.level;

import java.util.Map;
import java.util.TreeMap;

/**
 * The busiest minute of a level as a provider's rate limiter sees it (metrics.md, "Rate limits"):
 * the most requests, and the most metered tokens, sent within any 60 consecutive whole seconds. The
 * averages over the window hide a burst; a limiter counts over a rolling minute. Kept per second
 * that saw a request, so memory follows the seconds with traffic, not the span of the timestamps.
 */
public final class BusiestMinute {
  static final int WINDOW_SECONDS = 60;

  /** Epoch second -> {requests, metered tokens}. */
  private final TreeMap<Long, long[]> seconds = new TreeMap<>();

  /**
   * A request sent at {@code epochMillis}, metering {@code meteredTokens} (input + output limit).
   */
  public void add(long epochMillis, long meteredTokens) {
    add(Math.floorDiv(epochMillis, 1000), 1, meteredTokens);
  }

  public void addAll(BusiestMinute other) {
    other.seconds.forEach((second, counts) -> add(second, counts[0], counts[1]));
  }

  private void add(long second, long requests, long tokens) {
    long[] counts = seconds.computeIfAbsent(second, s -> new long[2]);
    counts[0] += requests;
    counts[1] += tokens;
  }

  /** The most requests sent within 60 consecutive seconds. */
  public long requests() {
    return peak(0);
  }

  /** The most metered tokens sent within 60 consecutive seconds. */
  public long meteredTokens() {
    return peak(1);
  }

  /**
   * The largest sum of one count over the seconds (t - 60, t], for every second t that saw a
   * request.
   */
  private long peak(int index) {
    long[] keys = new long[seconds.size()];
    long[] values = new long[seconds.size()];
    int n = 0;
    for (Map.Entry<Long, long[]> entry : seconds.entrySet()) {
      keys[n] = entry.getKey();
      values[n++] = entry.getValue()[index];
    }
    long best = 0;
    long sum = 0;
    int first = 0;
    for (int last = 0; last < n; last++) {
      sum += values[last];
      while (keys[last] - keys[first] >= WINDOW_SECONDS) {
        sum -= values[first++];
      }
      best = Math.max(best, sum);
    }
    return best;
  }
}
