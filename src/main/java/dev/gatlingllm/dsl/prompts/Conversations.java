package dev.gatlingllm.dsl.prompts;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.exitHereIfFailed;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.pause;

import dev.gatlingllm.values.ChatMessage;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Multi-turn chats: the session keeps the conversation, each turn sends it with a new user message
 * and appends the answer, with think time between turns. Each turn is its own record ({@code <name>
 * turn 2}), so the growth of TTFT with the context shows per turn. A failed turn ends the
 * conversation.
 */
public final class Conversations {
  /** Session key of the conversation so far ({@code List<ChatMessage>}). */
  public static final String HISTORY = "gatling-llm.conversation";

  private Conversations() {}

  /**
   * @param name request name prefix
   * @param turns number of turns
   * @param feeder each turn feeds one record and uses its {@code prompt} as the user message
   * @param thinkTime pause between turns
   * @param request sets generation parameters (maxTokens...) on each turn's request
   */
  public static ChainBuilder chain(
      String name,
      int turns,
      Iterator<Map<String, Object>> feeder,
      Duration thinkTime,
      UnaryOperator<dev.gatlingllm.dsl.LlmRequestActionBuilder> request) {
    if (turns < 1) {
      throw new IllegalArgumentException("turns must be at least 1, was " + turns);
    }
    ChainBuilder chain = exec(session -> session.set(HISTORY, List.<ChatMessage>of()));
    for (int turn = 1; turn <= turns; turn++) {
      String turnName = name + " turn " + turn;
      chain =
          chain
              .exec(feed(feeder))
              .exec(
                  request.apply(chat(turnName).messages(Conversations::history).user("#{prompt}")))
              .exec(exitHereIfFailed())
              .exec(Conversations::appendTurn);
      if (turn < turns) {
        chain = chain.exec(pause(thinkTime));
      }
    }
    return chain;
  }

  static List<ChatMessage> history(Session session) {
    return session.contains(HISTORY) ? session.getList(HISTORY) : List.of();
  }

  private static Session appendTurn(Session session) {
    List<ChatMessage> next = new ArrayList<>(history(session));
    next.add(ChatMessage.user(session.getString("prompt")));
    next.add(ChatMessage.assistant(String.valueOf(session.<Object>getMap("llm").get("content"))));
    return session.set(HISTORY, List.copyOf(next));
  }
}
