package dev.gatlingllm.metrics.level;

import dev.gatlingllm.values.LevelWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * A load level as the figures use it: its definition and the measurement windows its figures cover.
 * A run has one window per level; a merge of runs that tested the same level has several.
 *
 * @param window the level's definition (for a merge: its earliest start and latest end)
 * @param measured the measurement windows, whose union is the figures' denominator
 */
public record MeasuredLevel(LevelWindow window, List<TimeInterval> measured) {
  public MeasuredLevel {
    measured = List.copyOf(measured);
  }

  public static MeasuredLevel of(LevelWindow window) {
    return new MeasuredLevel(
        window, List.of(new TimeInterval(window.measureFromMillis(), window.endMillis())));
  }

  /**
   * The same level with its windows cut to the time it was busy (metrics.md, "Run and level
   * figures"): from its first send to the last byte of its requests. The settle time before a
   * window and the idle time after its last request (until the next level starts, or the run ends)
   * are not load the server was under.
   *
   * @param firstSendMillis the first send of a request started in the level (settle time included),
   *     or {@code Long.MAX_VALUE} when none was sent: the level then has no window
   * @param lastByteMillis the last byte received of a request started in the level
   */
  public MeasuredLevel busy(long firstSendMillis, long lastByteMillis) {
    List<TimeInterval> busy = new ArrayList<>(measured.size());
    for (TimeInterval interval : measured) {
      long from = Math.max(interval.fromMillis(), firstSendMillis);
      long to = Math.min(interval.toMillis(), lastByteMillis);
      if (to > from) {
        busy.add(new TimeInterval(from, to));
      }
    }
    return new MeasuredLevel(window, busy);
  }

  public double windowSeconds() {
    return TimeInterval.unionSeconds(measured);
  }

  /**
   * Concurrency for a closed-model level, arrival rate for an open one, 0 for the implicit level.
   */
  public double load() {
    return window.concurrency() > 0 ? window.concurrency() : window.requestRate();
  }

  /** Levels of different runs with the same key are the same load and merge into one. */
  public String key() {
    return window.concurrency() > 0
        ? "c" + window.concurrency()
        : window.requestRate() > 0 ? "r" + window.requestRate() : "all";
  }

  public String label() {
    return window.concurrency() == 0 && window.requestRate() == 0 ? "whole run" : window.label();
  }
}
