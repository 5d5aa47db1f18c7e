package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ready rate-limited simulation against the embedded simulator, as a hosted API is asked (no
 * ignore_eos): 122 requests per minute for 10 s are paced half a second apart, every answer is
 * counted on the client too (the server/client token mismatch is in the report), and the answers
 * that stopped before their max tokens are counted.
 */
class RateLimitedSimulationTest {
  // 122 requests per minute, spread over the minute and the pacer's 1 s margin: one every 500 ms.
  private static final Map<String, String> PROPERTIES =
      Map.of(
          "llm.rpm",
          "122",
          "llm.levelDuration",
          "10",
          "llm.inputTokens",
          "16",
          "llm.outputTokens",
          "12",
          "llm.ignoreEos",
          "false",
          "sim.eosProbability",
          "0.15",
          "llm.warmupSeconds",
          "0");

  /**
   * A "minute" of 3 s, so that a run of seconds spans several: 12 requests per 3 s, after a 3 s
   * warm-up.
   */
  private static final Map<String, String> SHORT_MINUTE =
      Map.of(
          "llm.rpm",
          "12",
          "llm.rateWindowSeconds",
          "3",
          "llm.levelDuration",
          "9",
          "llm.warmupSeconds",
          "3",
          "llm.inputTokens",
          "16",
          "llm.outputTokens",
          "8");

  @TempDir Path results;

  @AfterEach
  void clear() {
    PROPERTIES.keySet().forEach(System::clearProperty);
    SHORT_MINUTE.keySet().forEach(System::clearProperty);
    System.clearProperty("llm.baseUrl");
  }

  /**
   * The budget as the provider counts it: at a server (the simulator's ground-truth log of
   * arrivals), every request it received, the warm-up's included, in every window of the budget's
   * span ending at an arrival. The sends of the client are only where the count starts; a send late
   * against its plan must not crowd the next window, nor the target check sent before the load the
   * first one.
   */
  @Test
  void noWindowOfArrivalsAtTheServerHoldsMoreThanTheBudgetWarmUpIncluded() throws Exception {
    List<GroundTruthRecord> truth;
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).groundTruth(true).build().start()) {
      SHORT_MINUTE.forEach(System::setProperty);
      System.setProperty("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      run = InProcessGatling.run(RateLimitedSimulation.class, results);
      truth = simulator.groundTruth();
    }
    assertEquals(0, run.exitCode(), run.tail());
    long[] arrivals = truth.stream().mapToLong(GroundTruthRecord::receivedNanos).sorted().toArray();
    long window = 3_000_000_000L;
    for (int end = 0; end < arrivals.length; end++) {
      int inWindow = 0;
      for (int i = end; i >= 0 && arrivals[i] > arrivals[end] - window; i--) {
        inWindow++;
      }
      assertTrue(
          inWindow <= 12,
          inWindow
              + " requests arrived in the 3 s up to arrival "
              + end
              + " of "
              + arrivals.length);
    }

    List<RequestRow> rows = InProcessGatling.requests(results);
    long warmup = rows.stream().filter(r -> r.placement().level() < 0).count();
    // The target check before the load is the one arrival without a row: the windows above count it
    // too.
    assertEquals(
        arrivals.length,
        rows.size() + 1,
        "every request the server received is a row, or the check");
    assertTrue(warmup >= 1, "the warm-up sent requests, through the same pacer");
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(
        rows.size() - warmup,
        summary.path("completed").asLong() + summary.path("failed").asLong(),
        "the warm-up's requests are in no figure");
    // The level: 12 requests per 4 s (the window and the margin) for 9 s.
    assertTrue(
        Math.abs(rows.size() - warmup - 27) <= 1, rows.size() - warmup + " requests in the level");
  }

  @Test
  void pacedWithinTheBudgetWithEarlyStopsAndTokenMismatchReported() throws Exception {
    PROPERTIES.forEach(System::setProperty);
    InProcessGatling.Run run = InProcessGatling.run(RateLimitedSimulation.class, results);
    assertEquals(0, run.exitCode(), run.tail());
    Path llm = InProcessGatling.llmDir(results);
    List<String> lines = Files.readAllLines(llm.resolve("requests.csv"));
    List<RequestRow> rows = InProcessGatling.requests(results);

    // 2 requests a second for 10 s, each scheduled (sent - send lateness) 500 ms after the one
    // before; the start is in whole milliseconds of the wall clock, each rounded once, so a gap may
    // read up to 2 ms short.
    assertEquals(20, rows.size());
    List<Double> scheduled =
        rows.stream()
            .map(r -> r.placement().startEpochMillis() - r.latency().sendLatenessMicros() / 1000.0)
            .sorted()
            .toList();
    for (int i = 1; i < scheduled.size(); i++) {
      double gap = scheduled.get(i) - scheduled.get(i - 1);
      assertTrue(gap >= 498, "request " + i + " scheduled " + gap + " ms after the one before");
    }
    assertTrue(scheduled.get(19) - scheduled.get(0) <= 9_500 + 200, "20 requests in about 9.5 s");

    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    assertEquals(122, summary.path("rate_budget").path("requests_per_minute").asInt());
    assertEquals(0, summary.path("failed").asInt(), summary.path("errors").toString());
    assertEquals(20, summary.path("completed").asInt());
    assertEquals(0, summary.path("rate_limited").asInt());
    // The whole run lasts about 10 s: its busiest minute holds all 20 requests, within the 122 of
    // the budget, and meters each one's input and output limit (16 + 12 tokens).
    assertEquals(20, summary.path("busiest_minute_requests").asInt(), summary.toString());
    assertEquals(
        rows.stream().mapToLong(r -> r.tokens().inputTokens() + r.tokens().maxTokens()).sum(),
        summary.path("busiest_minute_metered_tokens").asLong());
    assertTrue(run.console().contains("Busiest minute, requests / metered tok:"), run.tail());

    // No ignore_eos: the simulator stops each answer early with probability 0.15 per token.
    assertTrue(rows.stream().noneMatch(r -> lines.get(0).contains("ignore_eos")));
    long early = rows.stream().filter(RequestRow::stoppedEarly).count();
    long stops = rows.stream().filter(r -> "stop".equals(r.tokens().finishReason())).count();
    assertTrue(early > 0, "some answers stopped early");
    assertEquals(stops, early, "the simulator says stop exactly when it ends before max tokens");
    assertTrue(
        rows.stream()
            .filter(r -> "stop".equals(r.tokens().finishReason()))
            .allMatch(r -> r.tokens().outputTokens() < 12));
    assertEquals(20, summary.path("requests_with_max_tokens").asInt());
    assertEquals(early, summary.path("stopped_early").asLong());
    assertEquals(
        rows.stream().mapToLong(row -> row.tokens().outputTokens()).max().orElseThrow(),
        summary.path("max_output_len").asLong());
    assertTrue(run.console().contains("Stopped before max tokens:"), run.tail());

    // Counted on the client as well (against the embedded simulator, with its own tokenizer): the
    // comparison with the server's usage is reported, and the two agree.
    assertEquals(20, summary.path("token_count_mismatch").path("requests").asInt());
    assertTrue(
        rows.stream()
            .allMatch(
                r -> r.tokens().clientOutputTokens() >= 0 && r.tokens().serverOutputTokens() >= 0));
    assertEquals(
        rows.stream().mapToLong(row -> row.tokens().clientOutputTokens()).sum(),
        summary.path("token_count_mismatch").path("client_tokens").asLong());
    assertEquals(0, summary.path("token_count_mismatch").path("absolute_difference").asLong());
  }
}
