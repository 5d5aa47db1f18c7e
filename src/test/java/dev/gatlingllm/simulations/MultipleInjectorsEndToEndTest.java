package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.report.LlmReportMerger;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two injector JVMs share one sweep against one simulator: each runs its share of every level from
 * a shared start time, and the merge of their reports is the run's one report, checked against the
 * parts and the server's truth.
 */
class MultipleInjectorsEndToEndTest {
  @TempDir Path work;

  @Test
  void twoInjectorsMergeIntoTheRunTheyShared() throws Exception {
    List<GroundTruthRecord> truth;
    long startAt = System.currentTimeMillis() + 20_000;
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=60;itl=10")
            .groundTruth(true)
            .groundTruthMaxRecords(100_000)
            .build()
            .start()) {
      List<Process> injectors = new ArrayList<>();
      for (int index = 0; index < 2; index++) {
        injectors.add(injector(index, "http://127.0.0.1:" + simulator.port(), startAt));
      }
      try {
        for (int index = 0; index < 2; index++) {
          Process p = injectors.get(index);
          String out = "injector " + index + ": " + work.resolve("out-" + index);
          assertTrue(p.waitFor(50, TimeUnit.SECONDS), () -> out + " did not end: " + tail(out));
          assertEquals(0, p.exitValue(), () -> tail(out));
        }
      } finally {
        injectors.forEach(Process::destroyForcibly);
      }
      truth = simulator.groundTruth();
    }
    List<Path> parts = List.of(llmDir(0), llmDir(1));
    ObjectMapper json = new ObjectMapper();
    JsonNode a = json.readTree(parts.get(0).resolve("summary.json").toFile());
    JsonNode b = json.readTree(parts.get(1).resolve("summary.json").toFile());
    // 5 and 3 streams over 2 injectors: 3 + 2 and 2 + 1
    assertEquals(List.of(3, 2), concurrencies(a));
    assertEquals(List.of(2, 1), concurrencies(b));

    Path merged = work.resolve("merged");
    LlmReportMerger.merge(parts, merged);
    JsonNode m = json.readTree(merged.resolve("summary.json").toFile());
    assertEquals(
        List.of(5, 3), concurrencies(m), "levels aligned by position, their streams added");
    assertEquals("2", m.path("metadata").path("injectors").asText());
    // Both injectors read the same server's page: the merge shows it once, over the merged levels.
    assertEquals("vLLM", m.path("server_metrics").path("engine").asText());
    assertEquals(
        a.path("server_metrics").path("scrapes").asLong(),
        m.path("server_metrics").path("scrapes").asLong());
    m.path("levels")
        .forEach(
            level ->
                assertTrue(level.path("server").path("scrapes").asInt() >= 1, level.toString()));

    // Totals: the sums of the parts, and what the server served.
    for (String total :
        List.of(
            "completed",
            "failed",
            "total_output_tokens",
            "total_input_tokens",
            "excluded_requests")) {
      assertEquals(a.path(total).asLong() + b.path(total).asLong(), m.path(total).asLong(), total);
    }
    for (int level = 0; level < 2; level++) {
      assertEquals(
          a.path("levels").get(level).path("output_tokens_in_window").asLong()
              + b.path("levels").get(level).path("output_tokens_in_window").asLong(),
          m.path("levels").get(level).path("output_tokens_in_window").asLong(),
          "tokens of level " + level);
    }
    assertEquals(0, m.path("failed").asLong());
    List<String> rows = Files.readAllLines(merged.resolve("requests.csv"));
    assertEquals(truth.size(), rows.size() - 1, "every request the server saw, once");
    assertEquals(
        truth.stream().mapToLong(GroundTruthRecord::completionTokens).sum(),
        m.path("total_output_tokens").asLong() + excludedOutputTokens(rows),
        "output tokens the server sent");

    // Levels aligned in time: both injectors waited for the shared start, and started their first
    // level then; an injector whose JVM came up after it (a loaded machine) says so rather than
    // pretend.
    for (int index = 0; index < 2; index++) {
      long start = List.of(a, b).get(index).path("levels").get(0).path("start_epoch_ms").asLong();
      assertTrue(start >= startAt, "injector " + index + " waited for the shared start");
      if (start - startAt >= 1_500) {
        String out = Files.readString(work.resolve("out-" + index));
        assertTrue(
            out.contains("reached the shared start") && out.contains("late"),
            "injector "
                + index
                + " started "
                + (start - startAt)
                + " ms after startAt without saying it was late");
      }
    }

    // Percentiles from the merged histograms: the nearest-rank TTFT of all in-window requests
    // together.
    List<String> header = Arrays.asList(rows.get(0).split(","));
    int ttftColumn = header.indexOf("ttft_ms");
    int levelColumn = header.indexOf("level");
    int inWindow = header.indexOf("in_window");
    for (int level = 0; level < 2; level++) {
      int l = level;
      double[] ttft =
          rows.stream()
              .skip(1)
              .map(row -> row.split(","))
              .filter(
                  cells ->
                      cells[levelColumn].equals(Integer.toString(l))
                          && cells[inWindow].equals("true"))
              .mapToDouble(cells -> Double.parseDouble(cells[ttftColumn]))
              .sorted()
              .toArray();
      double p50 = ttft[(int) Math.ceil(0.5 * ttft.length) - 1];
      double p99 = ttft[(int) Math.ceil(0.99 * ttft.length) - 1];
      JsonNode figures = m.path("levels").get(level);
      assertEquals(ttft.length, figures.path("completed").asInt(), "level " + level);
      assertEquals(
          p50,
          figures.path("median_ttft_ms").asDouble(),
          p50 * 0.002,
          "level " + level + " TTFT p50");
      assertEquals(
          p99, figures.path("p99_ttft_ms").asDouble(), p99 * 0.002, "level " + level + " TTFT p99");
    }
  }

  private Process injector(int index, String baseUrl, long startAt) throws IOException {
    String java = ProcessHandle.current().info().command().orElse("java");
    Path results = work.resolve("injector-" + index);
    Files.createDirectories(results);
    List<String> cmd =
        List.of(
            java,
            "-Xmx384m",
            "-XX:TieredStopAtLevel=1",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "-cp",
            System.getProperty("java.class.path"),
            "-Dllm.baseUrl=" + baseUrl,
            "-Dllm.probe=false",
            "-Dllm.levels=5,3",
            "-Dllm.levelDuration=3",
            "-Dllm.inputTokens=16",
            "-Dllm.outputTokens=8",
            "-Dllm.warmupRequests=0",
            "-Dllm.warmupSeconds=0",
            "-Dllm.rampSeconds=0",
            "-Dllm.serverMetrics=true",
            "-Dllm.injector.count=2",
            "-Dllm.injector.index=" + index,
            "-Dllm.injector.startAt=" + startAt,
            "io.gatling.app.Gatling",
            "--simulation",
            ConcurrencySweepSimulation.class.getName(),
            "--results-folder",
            results.toString(),
            "--no-reports");
    return new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(work.resolve("out-" + index).toFile())
        .start();
  }

  private String tail(String label) {
    try {
      String text = Files.readString(Path.of(label.substring(label.indexOf(": ") + 2)));
      return label + "\n" + text.substring(Math.max(0, text.length() - 3000));
    } catch (IOException e) {
      return label + ": " + e;
    }
  }

  private Path llmDir(int index) throws IOException {
    return InProcessGatling.llmDir(work.resolve("injector-" + index));
  }

  private static List<Integer> concurrencies(JsonNode summary) {
    List<Integer> out = new ArrayList<>();
    summary.path("levels").forEach(level -> out.add(level.path("concurrency").asInt()));
    return out;
  }

  /**
   * Output tokens of the requests no level counts (started outside every window), which the server
   * served too.
   */
  private static long excludedOutputTokens(List<String> rows) {
    List<String> header = Arrays.asList(rows.get(0).split(","));
    int inWindow = header.indexOf("in_window");
    int tokens = header.indexOf("output_tokens");
    return rows.stream()
        .skip(1)
        .map(row -> row.split(","))
        .filter(cells -> !cells[inWindow].equals("true"))
        .mapToLong(cells -> Long.parseLong(cells[tokens]))
        .sum();
  }
}
