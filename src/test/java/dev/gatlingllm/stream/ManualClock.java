package dev.gatlingllm.stream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A clock a test moves by hand: its timers run, in order of their due times, when the test advances
 * it.
 */
final class ManualClock implements ExchangeClock {
  private long now;
  private long sequence;
  private final List<Scheduled> timers = new ArrayList<>();

  ManualClock(long start) {
    this.now = start;
  }

  @Override
  public long nanoTime() {
    return now;
  }

  @Override
  public Timer schedule(Runnable task, long delayNanos) {
    Scheduled timer = new Scheduled(now + Math.max(0, delayNanos), sequence++, task);
    timers.add(timer);
    return () -> timers.remove(timer);
  }

  /** Moves the time on by {@code nanos}, running every timer due meanwhile at its due time. */
  void advance(long nanos) {
    long target = now + nanos;
    while (true) {
      Scheduled next =
          timers.stream()
              .filter(t -> t.due() <= target)
              .min(Comparator.comparingLong(Scheduled::due).thenComparingLong(Scheduled::sequence))
              .orElse(null);
      if (next == null) {
        break;
      }
      timers.remove(next);
      now = next.due();
      next.task().run();
    }
    now = target;
  }

  /** How many timers are armed and not yet run. */
  int pending() {
    return timers.size();
  }

  private record Scheduled(long due, long sequence, Runnable task) {}
}
