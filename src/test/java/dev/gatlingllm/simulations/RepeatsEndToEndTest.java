package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llm.repeats=3} against a server of known timing (TTFT 50 ms, a token every 20 ms): each
 * level runs three times, each run's figures match a hand computation from its rows of
 * requests.csv, the level's mean and 95 % interval are Student's over those three values, and a
 * comparison of two repeated runs judges the runs: a decode step twice as long regresses TPOT p50
 * "over 3 vs 3 runs", the same server does not.
 */
class RepeatsEndToEndTest {
  private static final int RUNS = 3;
  private static final int STREAMS = 2;
  private static final int REQUESTS_PER_STREAM = 5;
  private static final int OUTPUT_TOKENS = 16;

  @TempDir Path then;
  @TempDir Path same;
  @TempDir Path slower;

  @Test
  void eachLevelRunsThreeTimesAndItsFiguresAreTheRunsMeanAndInterval() throws Exception {
    InProcessGatling.Run run = sweep("ttft=50;itl=20", then, Map.of());
    assertEquals(0, run.exitCode(), run.tail());

    List<RequestRow> rows =
        InProcessGatling.requests(then).stream()
            .filter(r -> r.placement().level() == 0 && r.placement().inWindow())
            .toList();
    JsonNode level = InProcessGatling.summary(then).path("levels").get(0);
    assertEquals(RUNS * STREAMS * REQUESTS_PER_STREAM, level.path("completed").asLong());
    JsonNode repeats = level.path("repeats");
    assertEquals(RUNS, repeats.path("count").asInt(), level.toString());

    double[] tokS = new double[RUNS];
    for (int r = 1; r <= RUNS; r++) {
      int repeat = r;
      List<RequestRow> runRows =
          rows.stream().filter(x -> x.placement().repeat() == repeat).toList();
      assertEquals(STREAMS * REQUESTS_PER_STREAM, runRows.size(), "rows of run " + r);
      // By hand: the run's output tokens over its busy span, first send to last byte.
      long tokens = runRows.stream().mapToLong(x -> x.tokens().outputTokens()).sum();
      long from =
          runRows.stream().mapToLong(x -> x.placement().startEpochMillis()).min().orElseThrow();
      long to = runRows.stream().mapToLong(RequestRow::lastByteEpochMillis).max().orElseThrow();
      tokS[r - 1] = tokens / ((to - from) / 1000.0);
      JsonNode figures = repeats.path("runs").get(r - 1);
      assertEquals(r, figures.path("repeat").asInt());
      assertEquals(STREAMS * REQUESTS_PER_STREAM, figures.path("completed").asLong());
      assertEquals(tokS[r - 1], figures.path("output_throughput").asDouble(), tokS[r - 1] * 0.01);
      // The server's timing, run by run.
      assertEquals(50, figures.path("median_ttft_ms").asDouble(), 15, "TTFT p50 of run " + r);
      assertEquals(20, figures.path("median_tpot_ms").asDouble(), 3, "TPOT p50 of run " + r);
      assertTrue(
          figures.path("event_loop_delay_count").asLong() > 0,
          "the client's event-loop delay sampled in run " + r);
    }
    // Student's t for 2 degrees of freedom is 4.303: mean ± 4.303 s / √3.
    double mean = (tokS[0] + tokS[1] + tokS[2]) / 3;
    double squares = 0;
    for (double value : tokS) {
      squares += (value - mean) * (value - mean);
    }
    double halfWidth = 4.303 * Math.sqrt(squares / 2) / Math.sqrt(3);
    JsonNode interval = repeats.path("output_throughput");
    assertEquals(mean, interval.path("mean").asDouble(), mean * 0.01);
    assertEquals(mean - halfWidth, interval.path("low").asDouble(), mean * 0.01);
    assertEquals(mean + halfWidth, interval.path("high").asDouble(), mean * 0.01);

    assertTrue(run.console().contains("Repeats: mean ± 95 % interval"), run.tail());
    assertTrue(run.console().matches("(?s).*\\n2 streams +3 .*"), run.tail());
    Path llm = InProcessGatling.llmDir(then);
    assertTrue(Files.readString(llm.resolve("summary.md")).contains("## Repeats"));
    assertTrue(Files.readString(llm.resolve("index.html")).contains("<table id=\"repeats\">"));

    Path baseline = llm.getParent();
    InProcessGatling.Run again =
        sweep("ttft=50;itl=20", same, Map.of("llm.baseline", baseline.toString()));
    assertTrue(again.console().contains("No regression against the baseline"), again.tail());
    InProcessGatling.Run worse =
        sweep("ttft=50;itl=40", slower, Map.of("llm.baseline", baseline.toString()));
    assertTrue(
        worse
            .console()
            .matches("(?s).*\\n2 streams +TPOT p50 ms .*over 3 vs 3 runs.*▼ regression.*"),
        worse.tail());
  }

  private static InProcessGatling.Run sweep(String timing, Path results, Map<String, String> extra)
      throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing(timing).build().start()) {
      Map<String, String> all = new HashMap<>(extra);
      all.put("llm.baseUrl", "http://127.0.0.1:" + server.port());
      all.put("llm.levels", String.valueOf(STREAMS));
      all.put("llm.requestsPerStream", String.valueOf(REQUESTS_PER_STREAM));
      all.put("llm.repeats", String.valueOf(RUNS));
      all.put("llm.inputTokens", "32");
      all.put("llm.outputTokens", String.valueOf(OUTPUT_TOKENS));
      // A short JIT warm-up: the first run is otherwise measured by a client still compiling its
      // request path, which adds ten milliseconds or more to its first requests' TTFT.
      all.put("llm.warmupSeconds", "3");
      all.put("llm.probe", "false");
      return InProcessGatling.run(ConcurrencySweepSimulation.class, results, all);
    }
  }
}
