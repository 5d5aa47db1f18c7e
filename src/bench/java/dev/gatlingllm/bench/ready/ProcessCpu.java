package dev.gatlingllm.bench.ready;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples the CPU time of a process found by a word of its command line (Linux {@code /proc}), four
 * times a second on a daemon thread, so that the CPU of a time range can be read afterwards.
 */
final class ProcessCpu implements AutoCloseable {
  /** Clock ticks per second of {@code /proc/<pid>/stat} (USER_HZ, 100 on Linux). */
  private static final double TICKS_PER_SECOND = 100.0;

  record Sample(long epochMillis, double cpuSeconds) {}

  private final String commandWord;
  private final String interpreter;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;

  ProcessCpu(String commandWord) {
    this(commandWord, "java");
  }

  /**
   * A process run by {@code interpreter} (e.g. {@code python3}) whose command line holds {@code
   * commandWord}.
   */
  ProcessCpu(String commandWord, String interpreter) {
    this.commandWord = commandWord;
    this.interpreter = interpreter;
    this.thread = new Thread(this::run, "process-cpu");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    String pid = null;
    while (running) {
      try {
        if (pid == null) {
          pid = find();
        } else {
          double cpu = cpuSeconds(pid);
          synchronized (samples) {
            samples.add(new Sample(System.currentTimeMillis(), cpu));
          }
        }
        Thread.sleep(250);
      } catch (IOException processGone) {
        pid = null;
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private String find() throws IOException {
    try (var dirs = Files.list(Path.of("/proc"))) {
      for (Path dir : dirs.toList()) {
        String name = dir.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) continue;
        try {
          String cmd =
              new String(Files.readAllBytes(dir.resolve("cmdline")), StandardCharsets.UTF_8);
          if (cmd.contains(commandWord) && cmd.startsWith("/") && cmd.contains(interpreter))
            return name;
        } catch (IOException gone) {
          // a process that ended while listed
        }
      }
    }
    return null;
  }

  private static double cpuSeconds(String pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", pid, "stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
  }

  /**
   * CPU seconds spent between two instants (nearest samples), or NaN without samples around them.
   */
  double cpuBetween(long fromEpochMillis, long toEpochMillis) {
    Sample from = nearest(fromEpochMillis);
    Sample to = nearest(toEpochMillis);
    if (from == null || to == null || to.epochMillis() <= from.epochMillis()) return Double.NaN;
    return to.cpuSeconds() - from.cpuSeconds();
  }

  /** Seconds between the samples {@link #cpuBetween} uses. */
  double secondsBetween(long fromEpochMillis, long toEpochMillis) {
    Sample from = nearest(fromEpochMillis);
    Sample to = nearest(toEpochMillis);
    return from == null || to == null
        ? Double.NaN
        : (to.epochMillis() - from.epochMillis()) / 1000.0;
  }

  private Sample nearest(long epochMillis) {
    synchronized (samples) {
      Sample best = null;
      for (Sample s : samples) {
        if (best == null
            || Math.abs(s.epochMillis() - epochMillis)
                < Math.abs(best.epochMillis() - epochMillis)) {
          best = s;
        }
      }
      return best;
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}
