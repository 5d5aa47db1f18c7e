package dev.gatlingllm.dsl.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where agent sessions come from: a trace of recorded sessions, one JSON object per line,
 *
 * <pre>{"session_id": "s1", "turns": [{"input_tokens": 120, "output_tokens": 24,
 * "tool_latency_ms": 250}, ...]}</pre>
 *
 * <p>({@code tool_latency_ms} optional, 0 by default; it is the tool's time after that turn, unused
 * after the last), or sessions generated from distributions, seeded.
 */
public final class AgentTraces {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AgentTraces() {}

  /**
   * The sessions of a trace, in its order.
   *
   * @param location a path, or else a classpath resource
   * @throws IllegalArgumentException naming the line of a record that is not a session
   */
  public static List<AgentSession> read(String location) {
    return JsonLines.read(
        location, "agent session trace", "an agent session", AgentTraces::session);
  }

  private static AgentSession session(String line, int number) throws IOException {
    JsonNode record = JSON.readTree(line);
    JsonNode turns = record.path("turns");
    if (!turns.isArray() || turns.isEmpty()) {
      throw new IllegalArgumentException("'turns' must be a non-empty array");
    }
    List<AgentTurn> parsed = new ArrayList<>();
    for (JsonNode turn : turns) {
      parsed.add(
          new AgentTurn(
              required(turn, "input_tokens"),
              required(turn, "output_tokens"),
              Duration.ofMillis(turn.path("tool_latency_ms").asLong(0))));
    }
    return new AgentSession(record.path("session_id").asText("line" + number), parsed);
  }

  private static int required(JsonNode turn, String field) {
    JsonNode value = turn.get(field);
    if (value == null || !value.canConvertToInt()) {
      throw new IllegalArgumentException("each turn needs an integer '" + field + "'");
    }
    return value.asInt();
  }

  /**
   * {@code count} sessions drawn from the distributions, the same for the same seed; ids {@code
   * g1}, {@code g2}...
   *
   * @param turns turns per session, at least 1
   * @param inputTokens tokens each turn adds (the user's message, then each tool's result)
   * @param outputTokens each turn's output
   * @param toolLatencyMs each tool's time, in milliseconds
   */
  public static List<AgentSession> generate(
      int count,
      long seed,
      Distribution turns,
      Distribution inputTokens,
      Distribution outputTokens,
      Distribution toolLatencyMs) {
    if (count < 1) {
      throw new IllegalArgumentException("sessions must be at least 1, was " + count);
    }
    SplittableRandom random = new SplittableRandom(seed);
    List<AgentSession> sessions = new ArrayList<>(count);
    for (int s = 1; s <= count; s++) {
      long turnCount = Math.max(1, turns.sample(random));
      List<AgentTurn> drawn = new ArrayList<>();
      for (int t = 0; t < turnCount; t++) {
        drawn.add(
            new AgentTurn(
                (int) Math.max(1, inputTokens.sample(random)),
                (int) Math.max(1, outputTokens.sample(random)),
                Duration.ofMillis(Math.max(0, toolLatencyMs.sample(random)))));
      }
      sessions.add(new AgentSession("g" + s, drawn));
    }
    return List.copyOf(sessions);
  }

  /**
   * The same sessions with every tool latency times {@code factor} (0.5: tools twice as fast), to
   * replay a trace's turns with quicker or slower tools.
   */
  public static List<AgentSession> scaleToolLatency(List<AgentSession> sessions, double factor) {
    if (!(factor >= 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("the tool latency scale must be >= 0, was " + factor);
    }
    List<AgentSession> scaled = new ArrayList<>(sessions.size());
    for (AgentSession session : sessions) {
      List<AgentTurn> turns = new ArrayList<>();
      for (AgentTurn turn : session.turns()) {
        turns.add(
            new AgentTurn(
                turn.inputTokens(),
                turn.outputTokens(),
                Duration.ofNanos(Math.round(turn.toolLatency().toNanos() * factor))));
      }
      scaled.add(new AgentSession(session.id(), turns));
    }
    return List.copyOf(scaled);
  }
}
