package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.RequestsCsvFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity search against a server whose boundary is known: 6 decode slots, a decode step of 20
 * ms and no admission delay, so that up to 6 streams started together are all admitted at once
 * (TTFT a few tens of ms), while from 7 on one request of each round waits for a slot, a whole
 * stream of 16 tokens (over 300 ms). With a TTFT SLO of 200 ms the coarse levels 1, 2, 4, 8, 16
 * find 4 passing and 8 failing; the bisection must then try 6 (passes) and 7 (fails) and stop at
 * resolution 1, and 16 never runs. One run, read by each test.
 */
class CapacitySearchSimulationTest {
  private static final Map<String, String> PROPERTIES =
      Map.of(
          "llm.levels",
          "1,2,4,8,16",
          "llm.requestsPerStream",
          "4",
          "llm.inputTokens",
          "16",
          "llm.outputTokens",
          "16",
          "llm.warmupRequests",
          "0",
          "llm.slo.ttftMs",
          "200",
          "llm.rampSeconds",
          "0",
          "llm.warmupSeconds",
          "3",
          "llm.searchResolution",
          "1");

  @TempDir static Path results;
  private static InProcessGatling.Run run;
  private static Path llm;

  @BeforeAll
  static void search() throws Exception {
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .slots(6)
            .decodeStepBaseMicros(20_000)
            .decodeStepPerStreamMicros(0)
            .prefillBaseMicros(2_000)
            .prefillPerTokenMicros(0)
            .requestOverheadMicros(0)
            .maxWaitingSteps(0)
            .waitingServedRatio(0)
            .build()
            .start()) {
      PROPERTIES.forEach(System::setProperty);
      System.setProperty("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      run = InProcessGatling.run(CapacitySearchSimulation.class, results);
    }
    llm = InProcessGatling.llmDir(results);
  }

  @AfterAll
  static void clear() {
    PROPERTIES.keySet().forEach(System::clearProperty);
    System.clearProperty("llm.baseUrl");
  }

  @Test
  void bisectionFindsTheBoundaryWithinTheResolution() throws Exception {
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    JsonNode capacity = summary.path("capacity");
    assertEquals(
        "6 streams", capacity.path("label").asText(), summary.path("capacity_story").asText());
    assertEquals(
        7, capacity.path("breaking_load").asInt(), summary.path("capacity_story").asText());
    assertEquals(1, capacity.path("resolution").asInt());
    assertTrue(
        summary.path("capacity_story").asText().contains("resolution 1 stream"),
        summary.path("capacity_story").asText());
    assertTrue(
        run.console()
            .contains(
                "capacity: 6 streams meet p99 TTFT <= 200.0 ms, 7 streams break it, resolution 1"),
        run.tail());
  }

  @Test
  void levelsAreShownInConcurrencyOrderAndThoseNeverRunNowhere() throws Exception {
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode levels =
        new ObjectMapper().readTree(llm.resolve("summary.json").toFile()).path("levels");
    List<Integer> concurrency = new ArrayList<>();
    for (JsonNode level : levels) {
      concurrency.add(level.path("concurrency").asInt());
      // every stream sent its 4 requests: a level that ran is never a row of zeros
      assertEquals(
          4 * level.path("concurrency").asInt(), level.path("completed").asInt(), level.toString());
    }
    assertEquals(
        List.of(1, 2, 4, 8, 6, 7),
        concurrency,
        "summary.json in run order (levels[i] has index i); 16 never ran");
    for (int i = 0; i < levels.size(); i++) {
      assertEquals(i, levels.get(i).path("index").asInt());
    }
    String page = Files.readString(llm.resolve("index.html"));
    assertFalse(page.contains("16 streams"), "a level that never ran is not on the page");
    assertTrue(
        page.indexOf("<td>6 streams") < page.indexOf("<td>8 streams"),
        "the page's table by concurrency");
    String console = run.console();
    int from = console.lastIndexOf("-Levels-");
    assertTrue(from >= 0, run.tail());
    String levelsTable = console.substring(from, console.indexOf("-Capacity-", from));
    assertFalse(levelsTable.contains("16 streams"), "nor in the console summary");
    assertTrue(levelsTable.indexOf("7 streams") < levelsTable.indexOf("8 streams"), levelsTable);
  }

  @Test
  void theJitWarmupRunsAtTheFirstLevelsConcurrency() throws Exception {
    List<RequestRow> warmup = new ArrayList<>();
    RequestsCsvFile.rows(llm.resolve("requests.csv")).stream()
        .filter(row -> row.placement().level() < 0)
        .forEach(warmup::add);
    warmup.sort(Comparator.comparingLong(row -> row.placement().startEpochMillis()));
    assertTrue(warmup.size() >= 3, "the warm-up ran: " + warmup.size());
    // One stream: each warm-up request starts after the one before has ended (whole milliseconds, 1
    // ms slack).
    for (int i = 1; i < warmup.size(); i++) {
      RequestRow before = warmup.get(i - 1);
      long end = before.placement().startEpochMillis() + before.latency().durationMicros() / 1000;
      assertTrue(
          warmup.get(i).placement().startEpochMillis() >= end - 1,
          "warm-up request " + i + " overlaps the one before");
    }
  }
}
