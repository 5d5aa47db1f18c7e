package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.embed;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * A user's own embeddings simulation, as one is written from docs/dsl.md: {@code embed(..)}
 * requests alone, a protocol that names no endpoint (its default is the chat one), against {@code
 * -Dtest.baseUrl}.
 */
public class OwnEmbeddingsSimulation extends Simulation {
  static final int USERS = 2;
  static final int ROUNDS = 3;

  private final ScenarioBuilder embeddings =
      scenario("own embeddings")
          .repeat(ROUNDS)
          .on(io.gatling.javaapi.core.CoreDsl.exec(embed("embed").input("The quick brown fox.")));

  {
    setUp(embeddings.injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
