package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * {@link #USERS} users, each sending {@link #REQUESTS_PER_USER} requests of a length no other
 * request asks for (so that {@link RequestIdEndToEndTest} can tell which server record a row really
 * is), then one request the simulator fails with a 503 asking to retry after 3 s. No request names
 * itself: every id is the simulator's own.
 */
public class RequestIdSimulation extends Simulation {
  static final int USERS = 3;
  static final int REQUESTS_PER_USER = 2;

  /**
   * User u (from 1) asks for 2u + 1, then 2u + 2 tokens: every request of the run a different
   * length.
   */
  static int tokensFor(long userId, int n) {
    return (int) (2 * userId + 1 + n);
  }

  private final ScenarioBuilder users =
      scenario("ids")
          .exec(session -> session.set("n", 0))
          .repeat(REQUESTS_PER_USER)
          .on(
              exec(chat("chat")
                      .user("hello")
                      .ignoreEos(true)
                      .maxTokens(session -> tokensFor(session.userId(), session.getInt("n"))))
                  .exec(session -> session.set("n", session.getInt("n") + 1)))
          .exec(
              chat("refused")
                  .user("hello")
                  .maxTokens(4)
                  .header(LlmSimulator.FAULT_HEADER, "status=503;retry-after=3"));

  {
    setUp(users.injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("sim"))
        .maxDuration(Duration.ofSeconds(30));
  }
}
