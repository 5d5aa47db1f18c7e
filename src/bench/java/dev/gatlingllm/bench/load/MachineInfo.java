package dev.gatlingllm.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The machine the figures came from: CPUs, memory, Java, and the load average when the harness
 * started.
 */
record MachineInfo(int cpus, String memory, String java, String loadAverage, Instant started) {
  static MachineInfo now() {
    return new MachineInfo(
        Runtime.getRuntime().availableProcessors(),
        memTotal(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
        loadavg(),
        Instant.now());
  }

  static String loadavg() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String memTotal() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          long kb = Long.parseLong(line.replaceAll("\\D+", ""));
          return String.format("%.1f GiB", kb / 1024.0 / 1024.0);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux
    }
    return "unknown";
  }
}
