package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * A user's own simulation, as one is written from docs/dsl.md: two request names of different
 * lengths, no load levels, no SLO named, against {@code -Dtest.baseUrl}.
 */
public class OwnChatSimulation extends Simulation {
  static final int USERS = 2;
  static final int ROUNDS = 3;

  private final ScenarioBuilder chats =
      scenario("own")
          .repeat(ROUNDS)
          .on(
              io.gatling.javaapi.core.CoreDsl.exec(
                      chat("chat").user("Tell me a story.").maxTokens(8).ignoreEos(true))
                  .exec(
                      chat("chat turn 2")
                          .user("Tell me a story.")
                          .assistant("#{llm.content}")
                          .user("Shorter.")
                          .maxTokens(4)
                          .ignoreEos(true)));

  {
    setUp(chats.injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
