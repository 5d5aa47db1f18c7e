package dev.gatlingllm.dsl.agents;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.exitHereIfFailed;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.pause;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.check.ToolCall;
import dev.gatlingllm.dsl.LlmRequestActionBuilder;
import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.Tokenizer;
import dev.gatlingllm.values.ToolDefinition;
import dev.gatlingllm.values.ToolUse;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * Agent sessions: each virtual user plays one session after another, turn by turn. Each turn sends
 * the whole history with the tools; when the model answers with a tool call, the user waits the
 * tool's latency, appends the call and the tool's result (the next turn's input) and sends the next
 * turn. Every request is named {@code <name>} and tagged with its session and turn, so that the
 * report gives TTFT by turn index, session durations and turns per session. A failed turn ends the
 * user's session and the user. An answer without a tool call still leads to the next turn (its text
 * and the next input as a user message), so a replayed session keeps its turns.
 */
public final class AgentSessions {
  /** Session key of the history so far ({@code List<ChatMessage>}). */
  public static final String HISTORY = "gatling-llm.agent.history";

  /** Session key of each turn's outcome map (the request's {@code saveAs}). */
  public static final String ANSWER = "gatling-llm.agent.answer";

  /** The tool offered when no tool prompts are given: a search taking a query. */
  public static final ToolDefinition DEFAULT_TOOL =
      new ToolDefinition(
          "search",
          "Searches the knowledge base and returns the passages found.",
          "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}},"
              + "\"required\":[\"query\"]}");

  private static final String PREPARED = "gatling-llm.agent.prepared";
  private static final String PAUSE_MS = "gatling-llm.agent.pauseMs";
  private static final ObjectMapper JSON = new ObjectMapper();

  private AgentSessions() {}

  /**
   * How sessions run: the tool prompts that open them, a cap on requests in flight, the seed of
   * their texts, and the request's own settings.
   *
   * @param toolPrompts prompts that open the sessions (session i takes prompt i mod their count),
   *     none: a user message alone and {@link #DEFAULT_TOOL}
   * @param cap shared by every user of the chain, or null for none
   * @param seed seed of the random texts
   * @param request applied to each turn's request (ignoreEos, temperature, headers...)
   */
  public record Options(
      List<ToolPrompt> toolPrompts,
      InFlightCap cap,
      long seed,
      UnaryOperator<LlmRequestActionBuilder> request) {
    public Options {
      toolPrompts = List.copyOf(toolPrompts);
      Objects.requireNonNull(request, "request");
    }

    /** No tool prompts, no cap, seed 42, the request as it is. */
    public static Options defaults() {
      return new Options(List.of(), null, 42, UnaryOperator.identity());
    }

    /**
     * @param prompts the prompts that open the sessions ({@link ToolPrompts}), session i taking
     *     prompt i mod their count; none: a user message alone and {@link #DEFAULT_TOOL}
     * @return new options
     */
    public Options toolPrompts(List<ToolPrompt> prompts) {
      return new Options(prompts, cap, seed, request);
    }

    /**
     * @param newCap the cap on requests in flight, shared by every user of the chain, or null
     * @return new options
     */
    public Options cap(InFlightCap newCap) {
      return new Options(toolPrompts, newCap, seed, request);
    }

    /**
     * @param newSeed the seed of the sessions' random texts
     * @return new options
     */
    public Options seed(long newSeed) {
      return new Options(toolPrompts, cap, newSeed, request);
    }

    /**
     * @param change applied to each turn's request, e.g. {@code r -> r.ignoreEos(true)}
     * @return new options
     */
    public Options request(UnaryOperator<LlmRequestActionBuilder> change) {
      return new Options(toolPrompts, cap, seed, change);
    }
  }

  /**
   * An immutable builder of the chain playing {@code sessions}, with the defaults of {@link
   * Options#defaults()}: {@code exec(AgentSessions.play("agent", sessions,
   * tokenizer).cap(InFlightCap.of(8)).chain())}.
   *
   * @param name the requests' name
   * @param sessions the sessions ({@link AgentTraces})
   * @param tokenizer counts the texts' tokens ({@code LlmDsl.tokenizer("cl100k_base")})
   * @return the builder
   */
  public static AgentSessionChain play(
      String name, List<AgentSession> sessions, Tokenizer tokenizer) {
    return new AgentSessionChain(name, sessions, tokenizer, Options.defaults());
  }

  /**
   * The chain playing the sessions, one per pass: users take them in order, from the first again
   * once all were played (a session played again is tagged {@code <id>#2}, {@code #3}...). The
   * texts are made now, with {@code tokenizer}: turn 1 is the tool prompt's messages (if any) with
   * a random text of its input tokens appended to the last, each later turn's tool result a random
   * text of its input tokens.
   *
   * @param name the requests' name
   * @param sessions the sessions ({@link AgentTraces})
   * @param tokenizer counts the texts' tokens
   * @param options see {@link Options}
   */
  public static ChainBuilder chain(
      String name, List<AgentSession> sessions, Tokenizer tokenizer, Options options) {
    List<PreparedSession> prepared = prepare(sessions, tokenizer, options);
    ActionBuilder request =
        options
            .request()
            .apply(
                chat(name)
                    .messages(AgentSessions::history)
                    .tools(session -> prepared(session).tools())
                    .maxTokens(
                        session ->
                            prepared(session)
                                .turn(session.getInt(SessionKeys.AGENT_TURN))
                                .outputTokens()))
            .saveAs(ANSWER);
    ChainBuilder turn = options.cap() == null ? exec(request) : options.cap().around(request);
    return exec(feed(new Sessions(prepared)))
        .exec(AgentSessions::start)
        .exec(
            asLongAs(AgentSessions::turnsLeft)
                .on(
                    turn.exec(exitHereIfFailed())
                        .exec(AgentSessions::afterTurn)
                        .exec(pause(session -> Duration.ofMillis(session.getLong(PAUSE_MS))))))
        .exec(session -> session.remove(SessionKeys.AGENT_SESSION).remove(SessionKeys.AGENT_TURN));
  }

  private static List<PreparedSession> prepare(
      List<AgentSession> sessions, Tokenizer tokenizer, Options options) {
    if (sessions.isEmpty()) {
      throw new IllegalArgumentException("agent sessions need at least one session");
    }
    RandomPrompts texts = new RandomPrompts(tokenizer, 1, 0, 0, options.seed());
    List<PreparedSession> prepared = new ArrayList<>(sessions.size());
    for (int i = 0; i < sessions.size(); i++) {
      AgentSession session = sessions.get(i);
      List<ToolPrompt> prompts = options.toolPrompts();
      ToolPrompt prompt = prompts.isEmpty() ? null : prompts.get(i % prompts.size());
      String first = texts.startingWith("", session.turns().get(0).inputTokens()).text();
      List<ChatMessage> opening = new ArrayList<>();
      if (prompt == null) {
        opening.add(ChatMessage.user(first));
      } else {
        opening.addAll(prompt.messages());
        ChatMessage last = opening.remove(opening.size() - 1);
        opening.add(new ChatMessage(last.role(), last.content() + "\n\n" + first));
      }
      List<String> results = new ArrayList<>();
      for (AgentTurn turn : session.turns().subList(1, session.turns().size())) {
        results.add(texts.startingWith("", turn.inputTokens()).text());
      }
      prepared.add(
          new PreparedSession(
              session,
              List.copyOf(opening),
              List.copyOf(results),
              prompt == null ? List.of(DEFAULT_TOOL) : prompt.tools()));
    }
    return List.copyOf(prepared);
  }

  /** The prepared sessions in order, round and round; safe from several threads. */
  private static final class Sessions implements Iterator<Map<String, Object>> {
    private final List<PreparedSession> sessions;
    private final AtomicLong taken = new AtomicLong();

    Sessions(List<PreparedSession> sessions) {
      this.sessions = sessions;
    }

    @Override
    public boolean hasNext() {
      return true;
    }

    @Override
    public Map<String, Object> next() {
      long n = taken.getAndIncrement();
      PreparedSession session = sessions.get((int) (n % sessions.size()));
      long pass = n / sessions.size() + 1;
      String id = pass == 1 ? session.session().id() : session.session().id() + "#" + pass;
      return Map.of(PREPARED, session, SessionKeys.AGENT_SESSION, id);
    }
  }

  private static PreparedSession prepared(Session session) {
    return (PreparedSession) session.get(PREPARED);
  }

  static List<ChatMessage> history(Session session) {
    return session.getList(HISTORY);
  }

  private static Session start(Session session) {
    return session
        .set(HISTORY, prepared(session).opening())
        .set(SessionKeys.AGENT_TURN, 1)
        .set(PAUSE_MS, 0L);
  }

  private static boolean turnsLeft(Session session) {
    return session.getInt(SessionKeys.AGENT_TURN) <= prepared(session).turns();
  }

  /**
   * After turn t: the answer and turn t + 1's input go into the history, with the tool's latency to
   * wait; after the last turn, nothing more.
   */
  private static Session afterTurn(Session session) {
    PreparedSession prepared = prepared(session);
    int turn = session.getInt(SessionKeys.AGENT_TURN);
    if (turn >= prepared.turns()) {
      return session.set(SessionKeys.AGENT_TURN, turn + 1).set(PAUSE_MS, 0L);
    }
    Map<String, Object> answer = session.getMap(ANSWER);
    String input = prepared.results().get(turn - 1);
    List<ChatMessage> next = new ArrayList<>(history(session));
    @SuppressWarnings("unchecked")
    List<ToolCall> calls = (List<ToolCall>) answer.getOrDefault("toolCalls", List.of());
    if (calls.isEmpty()) {
      next.add(ChatMessage.assistant(String.valueOf(answer.get("content"))));
      next.add(ChatMessage.user(input));
    } else {
      // Ids of this session's own making: the same session always sends the same history.
      String id = "call_" + session.getString(SessionKeys.AGENT_SESSION) + "_" + turn;
      ToolCall call = calls.get(0);
      next.add(
          ChatMessage.assistantToolCalls(
              List.of(new ToolUse(id, call.name(), jsonObjectOrEmpty(call.arguments())))));
      next.add(ChatMessage.toolResult(id, input));
    }
    return session
        .set(HISTORY, List.copyOf(next))
        .set(SessionKeys.AGENT_TURN, turn + 1)
        .set(PAUSE_MS, prepared.turn(turn).toolLatency().toMillis());
  }

  /**
   * The arguments as the model sent them when they are a JSON object, else {@code {}}: Anthropic
   * and Ollama take them as an object, and a cut or broken text would spoil the next body.
   */
  private static String jsonObjectOrEmpty(String arguments) {
    try {
      return JSON.readTree(arguments).isObject() ? arguments : "{}";
    } catch (java.io.IOException | RuntimeException e) {
      return "{}";
    }
  }
}
