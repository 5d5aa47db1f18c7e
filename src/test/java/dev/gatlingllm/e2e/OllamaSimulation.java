package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * {@link #USERS} users, each sending {@link #REQUESTS_PER_USER} requests in the dialect {@code
 * test.dialect} ({@code ollama-chat} or {@code ollama-generate}); user u asks for {@link
 * #tokensFor} tokens, so that {@link OllamaEndToEndTest} can tell which server record a row of
 * requests.csv is besides its id.
 */
public class OllamaSimulation extends Simulation {
  static final int USERS = 3;
  static final int REQUESTS_PER_USER = 5;

  /** A different length for every request of the run, from 12 tokens. */
  static int tokensFor(long userId, int n) {
    return (int) (12 + 6 * userId + n);
  }

  /** Whether a request of this length was its user's first (users count from 1). */
  static boolean isFirstOfItsUser(long tokens) {
    return (tokens - 12) % 6 == 0;
  }

  private final ScenarioBuilder users =
      scenario("ollama")
          .exec(session -> session.set("n", 0))
          .repeat(REQUESTS_PER_USER)
          .on(
              exec(chat("chat")
                      .user("Why is the sky blue?")
                      .temperature(0.0)
                      .maxTokens(session -> tokensFor(session.userId(), session.getInt("n"))))
                  .exec(session -> session.set("n", session.getInt("n") + 1)));

  {
    setUp(users.injectOpen(atOnceUsers(USERS)))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().dialect(System.getProperty("test.dialect")).model("llama3.2"))
        .assertions(global().failedRequests().count().is(0L))
        .maxDuration(Duration.ofSeconds(30));
  }
}
