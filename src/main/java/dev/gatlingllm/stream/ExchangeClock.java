package dev.gatlingllm.stream;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The time an exchange reads and the timers it arms, on the exchange's own executor. In production
 * the JVM's {@code nanoTime} and the virtual user's event loop ({@link #on}); in tests a clock the
 * test moves by hand, so that no test waits for a timeout.
 */
public interface ExchangeClock {
  /** Now, on the same scale as {@link System#nanoTime()} and the transport's timestamps. */
  long nanoTime();

  /**
   * Runs {@code task} on the exchange's executor after {@code delayNanos}.
   *
   * @throws RejectedExecutionException when the executor is shutting down (the end of a run)
   */
  Timer schedule(Runnable task, long delayNanos);

  /** An armed timer. */
  @FunctionalInterface
  interface Timer {
    /** Stops the timer if it has not run yet; does nothing otherwise. */
    void cancel();
  }

  /** The JVM's clock, with timers on {@code executor}. */
  static ExchangeClock on(ScheduledExecutorService executor) {
    return new ExchangeClock() {
      @Override
      public long nanoTime() {
        return System.nanoTime();
      }

      @Override
      public Timer schedule(Runnable task, long delayNanos) {
        ScheduledFuture<?> future = executor.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
      }
    };
  }
}
