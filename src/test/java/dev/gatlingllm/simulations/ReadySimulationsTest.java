package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the ready simulations in-process against the embedded simulator, with small settings, and
 * checks what a user gets: the exit code, and the llm/ report beside Gatling's results with figures
 * that add up.
 */
class ReadySimulationsTest {
  @TempDir Path results;

  private static final List<String> PROPERTIES =
      List.of(
          "llm.baseUrl",
          "llm.rampSeconds",
          "llm.levels",
          "llm.requestsPerLevel",
          "llm.inputTokens",
          "llm.outputTokens",
          "llm.warmupRequests",
          "llm.slo.ttftMs",
          "llm.assert.outputThroughput",
          "llm.rates",
          "llm.levelDuration",
          "llm.turns",
          "llm.thinkTimeSeconds",
          "llm.dataset",
          "llm.warmupSeconds",
          "llm.dialect",
          "llm.probe",
          "sim.eosProbability");

  @AfterEach
  void clear() {
    PROPERTIES.forEach(System::clearProperty);
  }

  private int run(Class<?> simulation, Map<String, String> properties) {
    properties.forEach(System::setProperty);
    return Gatling$.MODULE$.fromArgs(
        new String[] {
          "--simulation",
          simulation.getName(),
          "--results-folder",
          results.toString(),
          "--no-reports"
        });
  }

  private Path llmDir() throws IOException {
    return InProcessGatling.llmDir(results);
  }

  @Test
  void sweepWritesTheReportWithOneEntryPerLevel() throws Exception {
    int exit =
        run(
            ConcurrencySweepSimulation.class,
            Map.of(
                "llm.levels",
                "1,2",
                "llm.requestsPerLevel",
                "4",
                "llm.inputTokens",
                "32",
                "llm.outputTokens",
                "8",
                "llm.warmupRequests",
                "1",
                "llm.slo.ttftMs",
                "60000"));
    assertEquals(0, exit);
    Path llm = llmDir();
    for (String file : List.of("summary.json", "requests.csv", "run.json", "index.html")) {
      assertTrue(Files.size(llm.resolve(file)) > 0, file);
    }
    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    assertEquals(
        8,
        summary.path("completed").asInt(),
        "4 requests in each of 2 levels; the warm-up is left out");
    assertEquals(0, summary.path("failed").asInt());
    assertEquals(64, summary.path("total_output_tokens").asInt());
    assertEquals(256, summary.path("total_input_tokens").asInt(), "32 exact tokens per prompt");
    JsonNode levels = summary.path("levels");
    assertEquals(2, levels.size());
    assertEquals(1, levels.get(0).path("concurrency").asInt());
    assertEquals(2, levels.get(1).path("concurrency").asInt());
    assertEquals(4, levels.get(0).path("completed").asInt());
    assertEquals(4, levels.get(1).path("completed").asInt());
    List<String> rows = Files.readAllLines(llm.resolve("requests.csv"));
    // The JIT warm-up (2 streams, the highest level) ran until the compilers were quiet, 3 s at
    // least: its requests are in requests.csv with level -1 like the warm-up request, and in no
    // figure.
    long warmup = rows.stream().skip(1).filter(row -> row.split(",")[1].equals("-1")).count();
    assertTrue(warmup >= 3, "JIT warm-up and warm-up requests in requests.csv: " + warmup);
    assertEquals(1 + warmup + 8, rows.size(), "header, the warm-ups and 8 requests");
    assertEquals(warmup, summary.path("excluded_requests").asLong(), "left out of every figure");
  }

  @Test
  void theSweepSpeaksOllamasNativeChatWhenAskedTo() throws Exception {
    // Ollama has no ignore_eos: the simulated model is told never to stop early, so lengths stay
    // exact.
    int exit =
        run(
            ConcurrencySweepSimulation.class,
            Map.of(
                "llm.dialect",
                "ollama-chat",
                "sim.eosProbability",
                "0",
                "llm.levels",
                "1,2",
                "llm.requestsPerLevel",
                "4",
                "llm.inputTokens",
                "32",
                "llm.outputTokens",
                "8",
                "llm.warmupRequests",
                "1",
                "llm.slo.ttftMs",
                "60000"));
    assertEquals(0, exit);
    JsonNode summary = new ObjectMapper().readTree(llmDir().resolve("summary.json").toFile());
    assertEquals(8, summary.path("completed").asInt());
    assertEquals(0, summary.path("failed").asInt());
    assertEquals(
        64, summary.path("total_output_tokens").asInt(), "eval_count of each final object");
    assertEquals(
        256, summary.path("total_input_tokens").asInt(), "prompt_eval_count of each final object");
    for (JsonNode level : summary.path("levels")) {
      assertEquals(
          4,
          level.path("server_decode_streams").asInt(),
          "the server's decode speed beside the client's");
      assertTrue(level.path("server_decode_throughput").asDouble() > 0, level.toString());
    }
  }

  /**
   * The simulator in fixed timing (first token 200 ms after the request arrives, then one token
   * every 20 ms) with its ground-truth log is a server whose truth is known: each level's figures
   * in the report must match what the server really did (its write times, which a busy machine can
   * delay) within 2 % (p50 TTFT, per-stream speed, TPOT, ITL, output tok/s; the slowest of 16
   * within 10 %).
   */
  @Test
  void sweepTableMatchesAServerOfKnownTimingWithinTwoPercent() throws Exception {
    List<GroundTruthRecord> truth;
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=200;itl=20")
            .groundTruth(true)
            .build()
            .start()) {
      int exit =
          run(
              ConcurrencySweepSimulation.class,
              Map.of(
                  "llm.baseUrl",
                  "http://127.0.0.1:" + simulator.port(),
                  "llm.levels",
                  "1,4,16",
                  "llm.requestsPerLevel",
                  "16",
                  "llm.inputTokens",
                  "32",
                  "llm.outputTokens",
                  "11",
                  "llm.warmupRequests",
                  "2",
                  "llm.rampSeconds",
                  "1",
                  "llm.warmupSeconds",
                  "0",
                  "llm.probe",
                  "false"));
      assertEquals(0, exit);
      truth = simulator.groundTruth();
    }
    assertEquals(2 + 48, truth.size());
    // Levels run one after the other: in arrival order, 2 warm-up requests, then 16 requests per
    // level.
    List<GroundTruthRecord> byArrival =
        truth.stream()
            .sorted(java.util.Comparator.comparingLong(GroundTruthRecord::receivedNanos))
            .toList();

    JsonNode levels =
        new ObjectMapper().readTree(llmDir().resolve("summary.json").toFile()).path("levels");
    assertEquals(3, levels.size());
    for (int i = 0; i < 3; i++) {
      JsonNode level = levels.get(i);
      String name = "level of " + level.path("concurrency").asText();
      List<GroundTruthRecord> served = byArrival.subList(2 + 16 * i, 2 + 16 * (i + 1));
      double[] ttft =
          served.stream()
              .mapToDouble(r -> (r.contentEvents().get(0).writeNanos() - r.receivedNanos()) / 1e6)
              .sorted()
              .toArray();
      double speed =
          served.stream()
              .mapToDouble(
                  r -> {
                    var events = r.contentEvents();
                    return (events.size() - 1)
                        * 1e9
                        / (events.get(events.size() - 1).writeNanos() - events.get(0).writeNanos());
                  })
              .average()
              .orElseThrow();
      double ttftP50 = ttft[7]; // nearest rank of 16
      double ttftP99 = ttft[15];
      // The server's own gaps: a busy machine delays its writes too, and the client must see what
      // it did.
      double[] gaps =
          served.stream()
              .flatMapToDouble(
                  r -> {
                    var events = r.contentEvents();
                    return java.util.stream.IntStream.range(1, events.size())
                        .mapToDouble(
                            e ->
                                (events.get(e).writeNanos() - events.get(e - 1).writeNanos())
                                    / 1e6);
                  })
              .sorted()
              .toArray();
      double[] tpots =
          served.stream()
              .mapToDouble(
                  r -> {
                    var events = r.contentEvents();
                    return (events.get(events.size() - 1).writeNanos() - events.get(0).writeNanos())
                        / 1e6
                        / (events.size() - 1);
                  })
              .sorted()
              .toArray();
      assertEquals(
          ttftP50, level.path("median_ttft_ms").asDouble(), ttftP50 * 0.02, name + " TTFT p50");
      // p99 of 16 requests is the slowest one: one GC pause or descheduling of this JVM shows there
      // in full, hence 10 %; the tail's exactness is GroundTruthFidelityTest's, request by request.
      assertEquals(
          ttftP99, level.path("p99_ttft_ms").asDouble(), ttftP99 * 0.10, name + " TTFT p99");
      assertEquals(
          speed,
          level.path("per_stream_output_throughput").asDouble(),
          speed * 0.02,
          name + " per-stream tok/s");
      // 11 tokens planned every 20 ms: TPOT = (E2EL - TTFT) / 10, as the server really wrote them.
      assertEquals(tpots[7], level.path("median_tpot_ms").asDouble(), 0.4, name + " TPOT p50");
      assertEquals(
          gaps[(gaps.length - 1) / 2],
          level.path("median_itl_ms").asDouble(),
          0.4,
          name + " ITL p50");
      // Every token of a level's 16 requests arrives in its window (levels do not overlap).
      assertEquals(
          16 * 11, level.path("output_tokens_in_window").asInt(), name + " tokens in window");
      assertEquals(
          16 * 11 / level.path("duration").asDouble(),
          level.path("output_throughput").asDouble(),
          1e-6,
          name + " output tok/s");
    }
  }

  @Test
  void aFailedLlmCheckFailsTheRunWithItsFigure() throws Exception {
    int exit =
        run(
            ConcurrencySweepSimulation.class,
            Map.of(
                "llm.warmupSeconds",
                "0",
                "llm.levels",
                "1",
                "llm.requestsPerLevel",
                "2",
                "llm.inputTokens",
                "16",
                "llm.outputTokens",
                "4",
                "llm.warmupRequests",
                "0",
                "llm.assert.outputThroughput",
                "1000000"));
    assertEquals(2, exit, "Gatling's exit code for failed assertions");
    assertTrue(
        Files.exists(llmDir().resolve("summary.json")), "the report is written all the same");
  }

  @Test
  void badPropertiesStopTheRunBeforeAnyLoad() {
    // Gatling builds the simulation by reflection: the property error is the cause of what it
    // throws.
    Throwable error =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class,
            () -> run(ConcurrencySweepSimulation.class, Map.of("llm.levels", "1,zero")));
    while (error.getCause() != null) {
      error = error.getCause();
    }
    assertTrue(error instanceof IllegalArgumentException);
    assertEquals(
        "llm.levels must be a comma-separated list such as 1,4,16, each a whole number in [1, 100000]"
            + " (streams each), was '1,zero'",
        error.getMessage());
  }

  @Test
  void openRateMultiTurnAndDatasetSimulationsRunAndReport() throws Exception {
    assertEquals(
        0,
        run(
            OpenRateSimulation.class,
            Map.of(
                "llm.rates",
                "4",
                "llm.levelDuration",
                "2",
                "llm.inputTokens",
                "16",
                "llm.outputTokens",
                "4")));
    JsonNode open = new ObjectMapper().readTree(llmDir().resolve("summary.json").toFile());
    assertEquals(4.0, open.path("levels").get(0).path("request_rate").asDouble(), 1e-9);
    assertEquals(8, open.path("completed").asInt(), "4 req/s for 2 s");
    clearResults();

    assertEquals(
        0,
        run(
            MultiTurnSimulation.class,
            Map.of(
                "llm.warmupSeconds",
                "0",
                "llm.levels",
                "2",
                "llm.requestsPerLevel",
                "2",
                "llm.turns",
                "2",
                "llm.thinkTimeSeconds",
                "0.1",
                "llm.inputTokens",
                "16",
                "llm.outputTokens",
                "4")));
    JsonNode multi = new ObjectMapper().readTree(llmDir().resolve("summary.json").toFile());
    assertEquals(4, multi.path("completed").asInt(), "2 conversations of 2 turns");
    clearResults();

    assertEquals(
        0,
        run(
            DatasetSimulation.class,
            Map.of(
                "llm.warmupSeconds",
                "0",
                "llm.levels",
                "2",
                "llm.requestsPerLevel",
                "4",
                "llm.outputTokens",
                "8")));
    JsonNode dataset = new ObjectMapper().readTree(llmDir().resolve("summary.json").toFile());
    assertEquals(4, dataset.path("completed").asInt());
  }

  private void clearResults() throws IOException {
    clear();
    try (Stream<Path> all = Files.walk(results)) {
      all.sorted(java.util.Comparator.reverseOrder())
          .filter(p -> !p.equals(results))
          .forEach(p -> p.toFile().delete());
    }
  }
}
