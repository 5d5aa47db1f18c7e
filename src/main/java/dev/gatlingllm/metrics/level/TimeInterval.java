package dev.gatlingllm.metrics.level;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A span of epoch milliseconds, [fromMillis, toMillis). */
public record TimeInterval(long fromMillis, long toMillis) {
  public TimeInterval {
    if (toMillis < fromMillis) {
      throw new IllegalArgumentException(
          "interval ends before it starts: " + fromMillis + " > " + toMillis);
    }
  }

  /**
   * The length in seconds of the union of intervals. Runs merged from load generators that ran side
   * by side overlap in time: their windows count once, while their tokens add up.
   */
  public static double unionSeconds(List<TimeInterval> intervals) {
    List<TimeInterval> sorted = new ArrayList<>(intervals);
    sorted.sort(Comparator.comparingLong(TimeInterval::fromMillis));
    long total = 0;
    long coveredTo = Long.MIN_VALUE;
    for (TimeInterval interval : sorted) {
      long from = Math.max(interval.fromMillis, coveredTo);
      if (interval.toMillis > from) {
        total += interval.toMillis - from;
      }
      coveredTo = Math.max(coveredTo, interval.toMillis);
    }
    return total / 1000.0;
  }
}
