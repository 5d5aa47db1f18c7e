package dev.gatlingllm.dsl.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.bounds.Bound;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.properties.PropertyBounds;
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

  /** A turn's tokens, each way: a prompt's longest ({@code llm.inputTokens}' bound). */
  static final Bound TOKENS = PropertyBounds.of("llm.inputTokens");

  /** A tool's time after a turn: up to an hour, as {@code llm.agent.toolLatencyMs}. */
  static final Bound TOOL_LATENCY_MS = Bound.whole(0, 3_600_000, "ms");

  private static AgentSession session(String line, int number) throws IOException {
    JsonNode record = JSON.readTree(line);
    JsonNode turns = record.path("turns");
    if (!turns.isArray() || turns.isEmpty()) {
      throw new IllegalArgumentException("'turns' must be a non-empty array");
    }
    List<AgentTurn> parsed = new ArrayList<>();
    long context = 0;
    for (JsonNode turn : turns) {
      int input = (int) field(turn, "input_tokens", TOKENS, null);
      context += input;
      // each turn's prompt holds the whole history: its sum is bounded as one prompt is
      if (context > TOKENS.max().longValue()) {
        throw new IllegalArgumentException(
            "its turns' input_tokens add up to "
                + context
                + ", more than the longest prompt ("
                + TOKENS.max().toPlainString()
                + " tokens), by turn "
                + (parsed.size() + 1));
      }
      parsed.add(
          new AgentTurn(
              input,
              (int) field(turn, "output_tokens", TOKENS, null),
              Duration.ofMillis(field(turn, "tool_latency_ms", TOOL_LATENCY_MS, 0L))));
    }
    return new AgentSession(record.path("session_id").asText("line" + number), parsed);
  }

  /**
   * A turn's number field, through its bound: a text ({@code "soon"}), a fraction or 2^63-1 is
   * refused, naming the field.
   *
   * @param absent the value of a missing field, or null when it is required
   */
  private static long field(JsonNode turn, String name, Bound bound, Long absent) {
    JsonNode value = turn.get(name);
    if ((value == null || value.isNull()) && absent != null) {
      return absent;
    }
    if (value == null || !value.isNumber()) {
      throw new IllegalArgumentException(
          "each turn needs '"
              + name
              + "', "
              + bound.describe()
              + (value == null ? "" : ", was " + value));
    }
    return bound.readLong("'" + name + "'", value.asText());
  }

  /** The most turns of generated sessions, all held before the load: about 100 MB. */
  public static final long MAX_GENERATED_TURNS = 1_000_000;

  /**
   * Refuses in one line, before any is generated, sessions whose turns could exceed {@link
   * #MAX_GENERATED_TURNS}.
   */
  public static void requireGeneratedTurnsWithinBound(int sessions, int maxTurns) {
    if ((long) sessions * maxTurns > MAX_GENERATED_TURNS) {
      throw new UserError(
          "llm.agent.sessions x llm.agent.maxTurns must be at most "
              + MAX_GENERATED_TURNS
              + " turns (the sessions are generated before the load and held), was "
              + sessions
              + " x "
              + maxTurns);
    }
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
