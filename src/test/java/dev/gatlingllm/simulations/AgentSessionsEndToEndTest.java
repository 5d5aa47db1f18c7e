package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Replayed agent sessions against the simulator, their figures checked by hand: against a server of
 * fixed timing (TTFT 60 ms, a token every 10 ms), each turn's TTFT, each session's duration (its
 * turns' times and the tools' latencies between them) and its turns, from the trace and from the
 * rows of requests.csv; against the capacity model with its prefix cache, the later turns, whose
 * prompt begins with the whole turn before, get their first token sooner than turn 1.
 */
class AgentSessionsEndToEndTest {
  /**
   * s1: 3 turns of 5, 4, 6 tokens, tools of 200 and 100 ms; s2: 2 turns of 3 and 8, a 150 ms tool.
   */
  private static final String TRACE =
      "{\"session_id\":\"s1\",\"turns\":[{\"input_tokens\":40,\"output_tokens\":5,\"tool_latency_ms\":200},"
          + "{\"input_tokens\":30,\"output_tokens\":4,\"tool_latency_ms\":100},"
          + "{\"input_tokens\":20,\"output_tokens\":6}]}\n"
          + "{\"session_id\":\"s2\",\"turns\":[{\"input_tokens\":50,\"output_tokens\":3,\"tool_latency_ms\":150},"
          + "{\"input_tokens\":25,\"output_tokens\":8}]}\n";

  private static final Map<String, long[]> TOOL_MS =
      Map.of("s1", new long[] {200, 100}, "s2", new long[] {150});

  @TempDir Path dir;

  @Test
  void ttftByTurnSessionDurationAndTurnsMatchAHandComputation() throws Exception {
    Path trace = Files.writeString(dir.resolve("sessions.jsonl"), TRACE);
    Path results = dir.resolve("results");
    InProcessGatling.Run run;
    try (LlmSimulator server = LlmSimulator.builder().timing("ttft=60;itl=10").build().start()) {
      run = InProcessGatling.run(AgentSessionSimulation.class, results, properties(server, trace));
    }
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows =
        InProcessGatling.requests(results).stream()
            .filter(r -> r.placement().level() == 0 && r.placement().sessionId() != null)
            .toList();
    assertEquals(5, rows.size(), "3 + 2 turns");
    assertTrue(rows.stream().allMatch(r -> r.status().ok()));
    Map<String, List<RequestRow>> bySession =
        rows.stream()
            .sorted(Comparator.comparingInt(r -> r.placement().turn()))
            .collect(
                Collectors.groupingBy(
                    r -> r.placement().sessionId(), TreeMap::new, Collectors.toList()));
    assertEquals(List.of("s1", "s2"), List.copyOf(bySession.keySet()));
    assertEquals(
        List.of(1, 2, 3), bySession.get("s1").stream().map(r -> r.placement().turn()).toList());
    assertEquals(
        List.of(5L, 4L, 6L),
        bySession.get("s1").stream().map(r -> r.tokens().outputTokens()).toList());

    JsonNode agents = InProcessGatling.summary(results).path("agent_sessions");
    assertEquals(2, agents.path("sessions").asInt(), agents.toString());
    assertEquals(2, agents.path("completed_sessions").asInt());

    // TTFT by turn index: by hand, the nearest-rank median of each turn's TTFTs; the server's 60
    // ms.
    JsonNode byTurn = agents.path("ttft_by_turn");
    assertEquals(3, byTurn.size());
    for (int turn = 1; turn <= 3; turn++) {
      int t = turn;
      long[] ttft =
          rows.stream()
              .filter(r -> r.placement().turn() == t)
              .mapToLong(r -> r.latency().ttftMicros())
              .sorted()
              .toArray();
      JsonNode figure = byTurn.get(turn - 1);
      assertEquals(turn, figure.path("turn").asInt());
      assertEquals(ttft.length, figure.path("count").asInt(), "turn " + turn);
      double median = ttft[(ttft.length + 1) / 2 - 1] / 1000.0;
      assertEquals(
          median, figure.path("median_ttft_ms").asDouble(), median * 0.001 + 0.001, "turn " + turn);
      assertEquals(
          ttft[ttft.length - 1] / 1000.0,
          figure.path("p99_ttft_ms").asDouble(),
          median * 0.002,
          "turn " + turn);
      // The server waits 60 ms after receipt: never less, and more only by the client's own delays.
      assertTrue(median >= 59.9, "the server's TTFT, turn " + turn + ": " + median);
    }

    // Session duration: by hand, first send to last byte; that is the turns' times plus the tools'
    // latencies between them, plus the client's own steps between a request's end and the next send
    // (a few ms a turn; more for the first session's first turns, whose code runs for the first
    // time,
    // on a busy machine), never less.
    double[] span = new double[2];
    int s = 0;
    for (Map.Entry<String, List<RequestRow>> session : bySession.entrySet()) {
      List<RequestRow> turns = session.getValue();
      RequestRow first = turns.get(0);
      RequestRow last = turns.get(turns.size() - 1);
      span[s] =
          (last.placement().startEpochMillis() - first.placement().startEpochMillis())
              + last.latency().durationMicros() / 1000.0;
      double turnsMs = turns.stream().mapToLong(r -> r.latency().durationMicros()).sum() / 1000.0;
      double toolsMs = Arrays.stream(TOOL_MS.get(session.getKey())).sum();
      // Each turn at least its plan: 60 ms to the first token, 10 ms a token after it.
      double planMs =
          turns.stream().mapToLong(r -> 60 + 10 * (r.tokens().outputTokens() - 1)).sum();
      assertTrue(turnsMs >= planMs - 1, session.getKey() + ": " + turnsMs + " < plan " + planMs);
      assertTrue(span[s] >= turnsMs + toolsMs - 1, session.getKey() + ": " + span[s]);
      assertTrue(
          span[s] <= turnsMs + toolsMs + 30 * turns.size(),
          session.getKey()
              + ": "
              + span[s]
              + " ms for "
              + (turnsMs + toolsMs)
              + " ms of turns and tools");
      s++;
    }
    Arrays.sort(span);
    // Nearest rank of two: p50 the shorter, p99 the longer (HDR: 3 significant digits).
    assertEquals(
        span[0], agents.path("median_session_duration_ms").asDouble(), span[0] * 0.001 + 0.01);
    assertEquals(
        span[1], agents.path("p99_session_duration_ms").asDouble(), span[1] * 0.001 + 0.01);

    // Turns per session: 3 and 2.
    assertEquals(2.5, agents.path("mean_turns_per_session").asDouble(), 1e-9);
    assertEquals(2, agents.path("median_turns_per_session").asInt());
    assertEquals(3, agents.path("max_turns_per_session").asInt());

    assertTrue(run.console().contains("Agent sessions"), run.tail());
    Path llm = InProcessGatling.llmDir(results);
    assertTrue(Files.readString(llm.resolve("summary.md")).contains("## Agent sessions"));
    assertTrue(
        Files.readString(llm.resolve("index.html")).contains("<table id=\"agent-sessions\">"));
  }

  @Test
  void withThePrefixCacheLaterTurnsGetTheirFirstTokenSooner() throws Exception {
    Path trace =
        Files.writeString(
            dir.resolve("long.jsonl"),
            "{\"session_id\":\"long\",\"turns\":[{\"input_tokens\":3000,\"output_tokens\":4,\"tool_latency_ms\":10},"
                + "{\"input_tokens\":40,\"output_tokens\":4,\"tool_latency_ms\":10},"
                + "{\"input_tokens\":40,\"output_tokens\":4}]}\n");
    Path results = dir.resolve("cached");
    InProcessGatling.Run run;
    // A prompt token costs 50 us to prefill: turn 1's 3,000 tokens take 150 ms more than a later
    // turn's few dozen, far beyond the machine's noise.
    try (LlmSimulator server =
        LlmSimulator.builder().prefixCache(true).prefillPerTokenMicros(50).build().start()) {
      run = InProcessGatling.run(AgentSessionSimulation.class, results, properties(server, trace));
    }
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode byTurn = InProcessGatling.summary(results).path("agent_sessions").path("ttft_by_turn");
    assertEquals(3, byTurn.size(), byTurn.toString());
    double first = byTurn.get(0).path("median_ttft_ms").asDouble();
    for (int turn = 2; turn <= 3; turn++) {
      double later = byTurn.get(turn - 1).path("median_ttft_ms").asDouble();
      // Turn 1 prefills its 3,000 tokens; a later turn only what it added.
      assertTrue(
          later < first - 75, "turn " + turn + ": " + later + " ms, turn 1: " + first + " ms");
    }
  }

  /**
   * Anthropic's and Ollama's forms of the history reach the simulator whole: turn 1 is answered
   * with a tool call (no answer text; its 24 tokens hold the arguments' framing and some words),
   * turn 2, after the tool's result, in text.
   */
  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "ollama-chat"})
  void eachChatDialectCarriesTheToolCallAndItsResult(String dialect) throws Exception {
    Path trace =
        Files.writeString(
            dir.resolve("two.jsonl"),
            "{\"session_id\":\"d\",\"turns\":[{\"input_tokens\":30,\"output_tokens\":24,"
                + "\"tool_latency_ms\":20},{\"input_tokens\":20,\"output_tokens\":5}]}\n");
    Path results = dir.resolve(dialect);
    InProcessGatling.Run run;
    try (LlmSimulator server = LlmSimulator.builder().timing("ttft=20;itl=5").build().start()) {
      Map<String, String> properties = new java.util.HashMap<>(properties(server, trace));
      properties.put("llm.dialect", dialect);
      properties.put("llm.agent.tools", "bfcl-sample.jsonl");
      run = InProcessGatling.run(AgentSessionSimulation.class, results, properties);
    }
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows =
        InProcessGatling.requests(results).stream()
            .filter(r -> r.placement().level() == 0)
            .sorted(Comparator.comparingInt(r -> r.placement().turn()))
            .toList();
    assertEquals(2, rows.size());
    assertTrue(rows.stream().allMatch(r -> r.status().ok()), dialect);
    assertEquals(0, rows.get(0).tokens().answerEvents(), dialect + ": turn 1 is a tool call");
    assertTrue(rows.get(0).latency().ttftMicros() > 0, dialect + ": the call is the first token");
    assertTrue(rows.get(1).tokens().answerEvents() > 0, dialect + ": turn 2 answers in text");
  }

  private static Map<String, String> properties(LlmSimulator server, Path trace) {
    return Map.of(
        "llm.baseUrl", server.baseUri().toString(),
        "llm.agent.trace", trace.toString(),
        "llm.agent.tools", "none",
        "llm.levels", "1",
        "llm.warmupRequests", "0",
        "llm.warmupSeconds", "0",
        "llm.probe", "false");
  }
}
