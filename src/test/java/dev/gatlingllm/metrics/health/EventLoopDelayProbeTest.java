package dev.gatlingllm.metrics.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.stats.LatencyStats;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EventLoopDelayProbeTest {
  private static final long MS = 1_000_000L;

  /**
   * A loop whose clock only moves when the test says, and whose ticks run when the test says: exact
   * delays.
   */
  @Test
  void aTickThatRunsLateReportsItsDelayAndTheTicksItSwallowed() {
    AtomicLong now = new AtomicLong(0);
    List<Long> samples = new CopyOnWriteArrayList<>();
    ManualLoop loop = new ManualLoop();
    try {
      EventLoopDelayProbe probe =
          new EventLoopDelayProbe(
                  List.of(loop),
                  2 * MS,
                  (epochMillis, delayMicros) -> samples.add(delayMicros),
                  now::get,
                  () -> 0L)
              .start();
      // The first tick is due at 2 ms; the loop gets to it at 9.5 ms: 7.5 ms late, hiding the ticks
      // due at 4, 6 and 8 ms, which would have been 5.5, 3.5 and 1.5 ms late.
      now.set(9_500_000);
      loop.runNext();
      assertEquals(List.of(7_500L, 5_500L, 3_500L, 1_500L), samples);
      // The next tick is due 2 ms after that one ran; it runs on time.
      now.set(11_500_000);
      loop.runNext();
      assertEquals(0L, samples.get(4));
      probe.stop();
      loop.runNext();
      assertEquals(5, samples.size(), "a stopped probe records nothing more");
    } finally {
      loop.shutdownNow();
    }
  }

  /** An executor that only keeps what is scheduled on it, for the test to run. */
  private static final class ManualLoop extends java.util.concurrent.ScheduledThreadPoolExecutor {
    private Runnable scheduled;

    ManualLoop() {
      super(1);
    }

    @Override
    public java.util.concurrent.ScheduledFuture<?> schedule(
        Runnable command, long delay, TimeUnit unit) {
      scheduled = command;
      return null;
    }

    void runNext() {
      Runnable next = scheduled;
      scheduled = null;
      if (next != null) {
        next.run();
      }
    }
  }

  /**
   * A real executor blocked on purpose: the probe on it sees the block, the one on an idle executor
   * does not.
   */
  @Test
  void aBlockedLoopShowsItsBlockAndAnIdleOneDoesNot() throws Exception {
    ScheduledExecutorService blocked = Executors.newSingleThreadScheduledExecutor();
    ScheduledExecutorService idle = Executors.newSingleThreadScheduledExecutor();
    LatencyStats onBlocked = new LatencyStats();
    LatencyStats onIdle = new LatencyStats();
    try {
      EventLoopDelayProbe blockedProbe =
          new EventLoopDelayProbe(
                  List.of(blocked),
                  2 * MS,
                  (t, delay) -> add(onBlocked, delay),
                  System::nanoTime,
                  System::currentTimeMillis)
              .start();
      EventLoopDelayProbe idleProbe =
          new EventLoopDelayProbe(
                  List.of(idle),
                  2 * MS,
                  (t, delay) -> add(onIdle, delay),
                  System::nanoTime,
                  System::currentTimeMillis)
              .start();
      Thread.sleep(50);
      blocked.submit(() -> sleep(200)).get();
      Thread.sleep(50);
      blockedProbe.stop();
      idleProbe.stop();
      Distribution b = snapshot(onBlocked);
      Distribution i = snapshot(onIdle);
      assertTrue(b.max() >= 150, "the 200 ms block, seen as " + b.max() + " ms");
      // The block hid about 100 ticks: they weigh in the percentiles as a stall that long would.
      assertTrue(b.p90() >= 10, "p90 on the blocked loop " + b.p90() + " ms");
      assertTrue(i.max() < b.max() / 2, "idle loop max " + i.max() + " ms against " + b.max());
    } finally {
      blocked.shutdownNow();
      idle.shutdownNow();
    }
  }

  @Test
  void anIntervalOfZeroIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new EventLoopDelayProbe(
                List.of(), 0, (t, d) -> {}, System::nanoTime, System::currentTimeMillis));
  }

  private static void add(LatencyStats stats, long micros) {
    synchronized (stats) {
      stats.add(micros);
    }
  }

  private static Distribution snapshot(LatencyStats stats) {
    synchronized (stats) {
      return stats.toDistribution();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
