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
   * are not load the server was under. An open-model level that offered its rate for a set time
   * keeps that whole arrival window, with its drain (to its last byte, when later): the gaps
   * between arrivals are the load it offered, and a window cut to its first and last request made 8
   * requests of a 4 s level at 2 req/s read 3.1 req/s.
   *
   * @param firstSendMillis the first send of a request started in the level (settle time included),
   *     or {@code Long.MAX_VALUE} when none was sent: the level then has no window
   * @param lastByteMillis the last byte received of a request started in the level
   */
  public MeasuredLevel busy(long firstSendMillis, long lastByteMillis) {
    List<TimeInterval> busy = new ArrayList<>(measured.size());
    for (TimeInterval interval : measured) {
      long from;
      long to;
      if (window.arrivalWindowMillis() > 0 && firstSendMillis != Long.MAX_VALUE) {
        from = interval.fromMillis();
        to = Math.max(arrivalEnd(interval), Math.min(interval.toMillis(), lastByteMillis));
      } else {
        from = Math.max(interval.fromMillis(), firstSendMillis);
        to = Math.min(interval.toMillis(), lastByteMillis);
      }
      if (to > from) {
        busy.add(new TimeInterval(from, to));
      }
    }
    return new MeasuredLevel(window, busy);
  }

  /**
   * The length in seconds of the level's arrival windows; 0 for a level without one (metrics.md,
   * "Open model").
   */
  public double arrivalSeconds() {
    if (window.arrivalWindowMillis() <= 0) {
      return 0;
    }
    List<TimeInterval> arrivals = new ArrayList<>(measured.size());
    for (TimeInterval interval : measured) {
      arrivals.add(new TimeInterval(interval.fromMillis(), arrivalEnd(interval)));
    }
    return TimeInterval.unionSeconds(arrivals);
  }

  /**
   * Where the arrival window that starts {@code interval} ends: its set time after the start when
   * its arrivals ran to their end, else (a run stopped early, a snapshot while it runs) the end of
   * the interval. The level's last user can end, and so the next level or the run's end come,
   * before that time by up to one gap between arrivals (the last of 40 at 2 req/s arrives at 19.5 s
   * of 20): an interval that reaches within one mean gap of the set end ran its arrivals whole.
   */
  private long arrivalEnd(TimeInterval interval) {
    long end = interval.fromMillis() + window.arrivalWindowMillis();
    long meanGapMillis =
        window.requestRate() > 0 ? (long) Math.ceil(1000 / window.requestRate()) : 0;
    return interval.toMillis() >= end - meanGapMillis ? end : interval.toMillis();
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
