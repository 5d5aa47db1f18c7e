package dev.gatlingllm.bench.load;

import io.gatling.app.Gatling$;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The client JVM of one harness run (started by {@link ClientLoadHarness} with Gatling's default 1
 * GiB heap): runs the simulation in-process, then writes what {@link ClientProbe} measured to
 * {@code <out>.properties} and one row per request to {@code <out>.rows.csv}. For the SSE client it
 * also builds Gatling's report afterwards, since Gatling's connect times are the only latency it
 * has.
 *
 * <p>Arguments: the output prefix and the results folder; the plan comes as {@code bench.*}
 * properties.
 */
public final class ClientLoadRun {
  private ClientLoadRun() {}

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0]);
    Path results = Path.of(args[1]);
    LoadPlan plan = LoadPlan.fromSystemProperties();
    // Before Gatling is loaded: the probe's row arrays are allocated here, so they are in the
    // baseline.
    ClientProbe.heapBaselineBytes = ClientProbe.usedHeapAfterGc();
    long cpuBefore = ClientProbe.processCpuNanos();
    String simulation =
        plan.client().equals("sse")
            ? GatlingSseSimulation.class.getName()
            : LlmClientSimulation.class.getName();
    int exit =
        Gatling$.MODULE$.fromArgs(
            new String[] {
              "--simulation", simulation, "--results-folder", results.toString(), "--no-reports"
            });
    long cpuRun = ClientProbe.processCpuNanos() - cpuBefore;

    Properties p = new Properties();
    p.setProperty("exit", String.valueOf(exit));
    p.setProperty("heapBaselineBytes", String.valueOf(ClientProbe.heapBaselineBytes));
    p.setProperty("heapSteadyBytes", String.valueOf(ClientProbe.heapSteadyBytes));
    p.setProperty("heapMaxBytes", String.valueOf(Runtime.getRuntime().maxMemory()));
    p.setProperty("windowStartNanos", String.valueOf(ClientProbe.windowStartNanos));
    p.setProperty("windowEndNanos", String.valueOf(ClientProbe.windowEndNanos));
    p.setProperty("windowCpuNanos", String.valueOf(ClientProbe.windowCpuNanos));
    p.setProperty("runCpuNanos", String.valueOf(cpuRun));
    p.setProperty("loadAverageStart", String.valueOf(ClientProbe.loadAverageStart));
    p.setProperty("loadAverageEnd", String.valueOf(ClientProbe.loadAverageEnd));
    Path run = newestRun(results);
    p.setProperty("runFolder", run == null ? "" : run.toString());
    if (plan.client().equals("sse") && run != null) {
      // Reports only: reads simulation.log back, so the cost is not in the measured window.
      Gatling$.MODULE$.fromArgs(
          new String[] {
            "--reports-only", run.getFileName().toString(), "--results-folder", results.toString()
          });
    }
    try (var w = Files.newBufferedWriter(Path.of(out + ".properties"), StandardCharsets.UTF_8)) {
      p.store(w, "client load run");
    }
    writeRows(Path.of(out + ".rows.csv"));
    writeGaps(Path.of(out + ".gaps.csv"));
    System.exit(0); // Gatling can leave non-daemon threads behind
  }

  private static void writeRows(Path file) throws IOException {
    int rows = Math.min(ClientProbe.rows.get(), ClientProbe.MAX_ROWS);
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < rows; i++) {
        w.write(
            ClientProbe.keys[i]
                + ","
                + ClientProbe.startNanos[i]
                + ","
                + ClientProbe.ttftMicros[i]
                + ","
                + ClientProbe.tokenEvents[i]
                + ","
                + ClientProbe.endNanos[i]
                + "\n");
      }
    }
  }

  /** One line per request with saved gaps: its row, then its gaps in microseconds. */
  private static void writeGaps(Path file) throws IOException {
    int rows = Math.min(ClientProbe.rows.get(), ClientProbe.MAX_ROWS);
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int row = 0; row < rows; row++) {
        int count = ClientProbe.gapCount[row];
        if (count == 0) {
          continue;
        }
        StringBuilder line = new StringBuilder().append(row);
        for (int i = 0; i < count; i++) {
          line.append(',').append(ClientProbe.gapMicros[ClientProbe.gapOffset[row] + i]);
        }
        w.write(line.append('\n').toString());
      }
    }
  }

  private static Path newestRun(Path results) throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory)
          .max(Comparator.comparing(Path::getFileName))
          .orElse(null);
    }
  }
}
