package dev.gatlingllm.metrics.health;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Measures how late the client's event loops run their work, as jHiccup measures a JVM's hiccups:
 * each loop runs a tiny task every {@code interval}; how late the task starts is how late any read
 * of a token event on that loop could have been. A loop busy with other work (a burst of
 * connections, JIT-compiled code not yet ready, a blocking call) delays its timestamps by as much,
 * so this is the bound on what the client itself added to every TTFT and ITL it measured while the
 * sample was taken (docs/metrics.md, "Client health").
 *
 * <p>A late tick hides the ticks that would have run during the delay; they are recorded too (delay
 * minus one interval, minus two...), as HdrHistogram's {@code recordValueWithExpectedInterval}
 * does, so one long stall is weighted by how long it lasted rather than counted once.
 *
 * <p>Costs one scheduled task per loop and interval; nothing is allocated per tick.
 */
public final class EventLoopDelayProbe {
  /** Receives each delay sample; called on the probed loop, must not block. */
  @FunctionalInterface
  public interface Sink {
    /**
     * @param epochMillis when the sample was taken (wall clock, to find its load level)
     * @param delayMicros how late the tick ran, in microseconds (0 or more)
     */
    void onDelay(long epochMillis, long delayMicros);
  }

  private final List<ScheduledExecutorService> loops;
  private final long intervalNanos;
  private final Sink sink;
  private final LongSupplier nanoClock;
  private final LongSupplier epochMillisClock;
  private final List<Tick> ticks = new ArrayList<>();
  private volatile boolean stopped;

  /**
   * @param loops the event loops to probe (each runs its own ticks)
   * @param intervalNanos time between ticks on each loop
   * @param sink where the samples go
   * @param nanoClock monotonic nanoseconds ({@code System::nanoTime})
   * @param epochMillisClock wall-clock milliseconds
   */
  public EventLoopDelayProbe(
      List<ScheduledExecutorService> loops,
      long intervalNanos,
      Sink sink,
      LongSupplier nanoClock,
      LongSupplier epochMillisClock) {
    if (intervalNanos <= 0) {
      throw new IllegalArgumentException(
          "probe interval must be positive, was " + intervalNanos + " ns");
    }
    this.loops = List.copyOf(loops);
    this.intervalNanos = intervalNanos;
    this.sink = sink;
    this.nanoClock = nanoClock;
    this.epochMillisClock = epochMillisClock;
  }

  /** Starts one tick per loop. */
  public synchronized EventLoopDelayProbe start() {
    for (ScheduledExecutorService loop : loops) {
      Tick tick = new Tick(loop);
      ticks.add(tick);
      tick.scheduleNext(nanoClock.getAsLong());
    }
    return this;
  }

  /** Stops every tick; samples already taken stay recorded. */
  public synchronized void stop() {
    stopped = true;
    for (Tick tick : ticks) {
      tick.cancel();
    }
  }

  /** One loop's self-rescheduling task. Runs only on its loop, so its fields need no lock. */
  private final class Tick implements Runnable {
    private final ScheduledExecutorService loop;
    private long dueNanos;
    private volatile ScheduledFuture<?> next;

    Tick(ScheduledExecutorService loop) {
      this.loop = loop;
    }

    void scheduleNext(long now) {
      dueNanos = now + intervalNanos;
      try {
        next = loop.schedule(this, intervalNanos, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException shuttingDown) {
        // the loop is shutting down with the run: nothing left to measure on it
      }
    }

    void cancel() {
      ScheduledFuture<?> scheduled = next;
      if (scheduled != null) {
        scheduled.cancel(false);
      }
    }

    @Override
    public void run() {
      if (stopped) {
        return;
      }
      long now = nanoClock.getAsLong();
      long delayNanos = Math.max(0, now - dueNanos);
      long epochMillis = epochMillisClock.getAsLong();
      sink.onDelay(epochMillis, delayNanos / 1_000);
      // The ticks the delay swallowed: each would have seen the delay minus its own offset.
      for (long missed = delayNanos - intervalNanos; missed > 0; missed -= intervalNanos) {
        sink.onDelay(epochMillis, missed / 1_000);
      }
      scheduleNext(now);
    }
  }
}
