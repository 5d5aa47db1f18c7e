package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.ReplayArrivals;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The BurstGPT and Azure samples replayed by the trace simulation against a server that logs when
 * each request arrived: the arrivals keep the recorded gaps (scaled by the speed) within the
 * Mooncake replay's tolerance ({@link ReplayArrivals}), and each request gets its recorded output
 * length. The planned times are read from the CSV here, on their own, not by the code under test.
 */
class PublicTraceReplaySimulationTest {
  @TempDir Path results;

  @Test
  void theBurstGptSampleArrivesAtItsTimestampsWithoutItsFailedRows() throws Exception {
    // Timestamp in seconds from the start, column 0; Request tokens 2, Response tokens 3.
    List<long[]> rows =
        rows("burstgpt-sample.csv", 0, 3, stamp -> Math.round(Double.parseDouble(stamp) * 1e9));
    rows.removeIf(row -> row[1] == 0); // failed in the original log: skipped by default
    // Its first 30 s (the window's end excluded), at 2.5x: its bursts of up to 8 requests in the
    // same second, without the whole sample's load on a shared machine.
    rows.removeIf(row -> row[0] >= 30_000_000_000L);
    replayAndCheck("burstgpt-sample.csv", rows, 2.5, Map.of("llm.trace.toSeconds", "30"));
  }

  @Test
  void theAzureSampleArrivesAtItsTimestamps() throws Exception {
    // TIMESTAMP a date with 7 fractional digits, column 0; GeneratedTokens column 2.
    List<long[]> rows =
        rows(
            "azure-sample.csv",
            0,
            2,
            stamp -> {
              LocalDateTime time = LocalDateTime.parse(stamp.replace(' ', 'T'));
              return time.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + time.getNano();
            });
    replayAndCheck("azure-sample.csv", rows, 3, Map.of());
  }

  /** Rows as {timestamp nanos, output tokens}, sorted by time (stable, as the replay's). */
  private List<long[]> rows(
      String resource, int stampColumn, int outputColumn, ToLongFunction<String> nanos)
      throws Exception {
    List<long[]> rows = new ArrayList<>();
    try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      for (int i = 1; i < lines.length; i++) {
        if (!lines[i].isBlank()) {
          String[] fields = lines[i].split(",");
          rows.add(
              new long[] {
                nanos.applyAsLong(fields[stampColumn].strip()),
                Long.parseLong(fields[outputColumn].strip())
              });
        }
      }
    }
    rows.sort(Comparator.comparingLong(row -> row[0]));
    return rows;
  }

  private void replayAndCheck(
      String trace, List<long[]> rows, double speed, Map<String, String> more) throws Exception {
    Map<String, String> properties = new java.util.HashMap<>(more);
    properties.putAll(
        Map.of(
            "llm.probe",
            "false",
            "llm.trace",
            trace,
            "llm.trace.speed",
            String.valueOf(speed),
            "llm.warmupSeconds",
            "3"));
    List<GroundTruthRecord> truth;
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).groundTruth(true).build().start()) {
      properties.put("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      run = InProcessGatling.run(TraceReplaySimulation.class, results, properties);
      truth = simulator.groundTruth();
    }
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(truth.size() > rows.size(), "a JIT warm-up ran first");
    long[] arrivals = ReplayArrivals.lastArrivals(truth, rows.size());
    double[] plannedMs = new double[rows.size()];
    for (int i = 0; i < plannedMs.length; i++) {
      plannedMs[i] = (rows.get(i)[0] - rows.get(0)[0]) / 1e6 / speed;
    }
    ReplayArrivals.assertKeepPlannedGaps(plannedMs, arrivals);

    List<Long> recordedOutputs = rows.stream().map(row -> row[1]).sorted().toList();
    List<Long> servedOutputs =
        truth.stream()
            .sorted(Comparator.comparingLong(GroundTruthRecord::receivedNanos))
            .skip(truth.size() - rows.size())
            .map(record -> (long) record.completionTokens())
            .sorted()
            .toList();
    assertEquals(
        recordedOutputs, servedOutputs, "each request asked for its recorded output length");
    assertEquals(rows.size(), InProcessGatling.summary(results).path("completed").asInt());
  }
}
