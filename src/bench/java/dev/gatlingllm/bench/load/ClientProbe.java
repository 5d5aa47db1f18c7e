package dev.gatlingllm.bench.load;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the client JVM measures about itself while the simulation runs: process CPU and load average
 * over the window, used heap after a full GC right after the window, and one row per request for
 * the join with the server's ground truth.
 *
 * <p>The rows live in arrays allocated before the heap baseline, so that recording them does not
 * count as per-stream heap. A static holder because Gatling builds the simulation, and the
 * harness's main reads it.
 */
public final class ClientProbe {
  static final int MAX_ROWS = 1 << 20;

  // One row per request: the key (prompt tokens), nanoTime just before the request action, the
  // client TTFT in microseconds (-1 when none) and its token event count. nanoTime is
  // CLOCK_MONOTONIC on Linux, shared by every process, so these times compare with the simulator's.
  static final int[] keys = new int[MAX_ROWS];
  static final long[] startNanos = new long[MAX_ROWS];
  static final long[] ttftMicros = new long[MAX_ROWS];
  static final int[] tokenEvents = new int[MAX_ROWS];
  static final long[] endNanos = new long[MAX_ROWS];
  static final AtomicInteger rows = new AtomicInteger();
  // The plugin's inter-token gaps (saveItl, microseconds) of the requests started in the window,
  // for the gap-by-gap join with the server's writes: one shared array, a slice per row (offset,
  // count; count 0: none).
  static final int GAP_CAPACITY = 1 << 22;
  static final int[] gapMicros = new int[GAP_CAPACITY];
  static final int[] gapOffset = new int[MAX_ROWS];
  static final int[] gapCount = new int[MAX_ROWS];
  static final AtomicInteger gapsUsed = new AtomicInteger();
  static final AtomicLong requestSequence = new AtomicLong();

  static volatile long heapBaselineBytes = -1;
  static volatile long heapSteadyBytes = -1;
  static volatile long windowStartNanos;
  static volatile long windowEndNanos;
  static volatile long windowCpuNanos = -1;
  static volatile double loadAverageStart = -1;
  static volatile double loadAverageEnd = -1;

  private ClientProbe() {}

  /** The next request's prompt length, 1..KEYS tokens. */
  static int nextKey() {
    return (int) (requestSequence.getAndIncrement() % LoadPlan.KEYS) + 1;
  }

  /** Reserves a row for a request about to start; -1 when full (the row is then not recorded). */
  static int startRow(int key) {
    int row = rows.getAndIncrement();
    if (row >= MAX_ROWS) {
      return -1;
    }
    keys[row] = key;
    startNanos[row] = System.nanoTime();
    ttftMicros[row] = -2; // not finished
    return row;
  }

  static void finishRow(int row, long ttftUs, int events) {
    if (row >= 0 && row < MAX_ROWS) {
      ttftMicros[row] = ttftUs;
      tokenEvents[row] = events;
      endNanos[row] = System.nanoTime();
    }
  }

  /**
   * Keeps a request's gaps when it started in the window and there is room; others are not needed.
   */
  static void saveGaps(int row, double[] itlMs) {
    long windowStart = windowStartNanos;
    long windowEnd = windowEndNanos;
    if (row < 0
        || row >= MAX_ROWS
        || itlMs == null
        || windowStart == 0
        || startNanos[row] < windowStart
        || (windowEnd != 0 && startNanos[row] >= windowEnd)) {
      return;
    }
    int offset = gapsUsed.getAndAdd(itlMs.length);
    if (offset + itlMs.length > GAP_CAPACITY) {
      return;
    }
    for (int i = 0; i < itlMs.length; i++) {
      gapMicros[offset + i] = (int) Math.round(itlMs[i] * 1_000);
    }
    gapOffset[row] = offset;
    gapCount[row] = itlMs.length;
  }

  static long usedHeapAfterGc() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    System.gc(); // G1's System.gc() is a full, compacting collection: once is enough
    return memory.getHeapMemoryUsage().getUsed();
  }

  static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /**
   * Starts the phase clock when the injection starts: heap at the end of warm-up, then the CPU
   * window.
   */
  static void startPhases(LoadPlan plan) {
    Thread thread =
        new Thread(
            () -> {
              try {
                Thread.sleep(
                    (plan.rampSeconds() + plan.warmupSeconds() + LoadPlan.SETTLE_SECONDS) * 1_000L);
                loadAverageStart = loadAverage();
                long cpu = processCpuNanos();
                windowStartNanos = System.nanoTime();
                Thread.sleep(plan.windowSeconds() * 1_000L);
                windowEndNanos = System.nanoTime();
                windowCpuNanos = processCpuNanos() - cpu;
                loadAverageEnd = loadAverage();
                // After the window: a full GC stops the client for up to a second with thousands of
                // streams open, and the streams take seconds to catch up; before the window it
                // spoilt the timing figures.
                heapSteadyBytes = usedHeapAfterGc();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "bench-phases");
    thread.setDaemon(true);
    thread.start();
  }
}
