package dev.gatlingllm.real;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The share of this machine's CPU time its hypervisor gave to other guests (Linux's "steal" in
 * {@code /proc/stat}) between two readings. On a shared virtual machine it is what moves a CPU
 * server's speed from one minute to the next: 10 to 35 % (vmstat, 5 s samples) during a run where
 * llama.cpp's own figures for one load came out 1.6x apart (BENCHMARKS.md).
 */
final class HostSteal {
  private static final Path STAT = Path.of("/proc/stat");

  private final long[] start;

  private HostSteal(long[] start) {
    this.start = start;
  }

  /** Starts measuring; {@link #share()} is NaN where {@code /proc/stat} cannot be read. */
  static HostSteal start() {
    return new HostSteal(read());
  }

  /** Steal time over all CPU time since {@link #start()}, 0 to 1; NaN when unknown. */
  double share() {
    long[] now = read();
    if (start == null || now == null) {
      return Double.NaN;
    }
    long total = Arrays.stream(now).sum() - Arrays.stream(start).sum();
    return total <= 0 ? Double.NaN : (double) (now[7] - start[7]) / total;
  }

  /** The first line's counters: user nice system idle iowait irq softirq steal; null if unread. */
  private static long[] read() {
    try {
      String[] fields = Files.readAllLines(STAT).get(0).trim().split("\\s+");
      if (!fields[0].equals("cpu") || fields.length < 9) {
        return null;
      }
      long[] counters = new long[8];
      for (int i = 0; i < 8; i++) {
        counters[i] = Long.parseLong(fields[i + 1]);
      }
      return counters;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
