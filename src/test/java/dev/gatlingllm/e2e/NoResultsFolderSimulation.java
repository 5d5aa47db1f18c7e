package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * {@link #USERS} streamed chats of 8 tokens, for a run whose Gatling keeps no results folder. No
 * Gatling assertions: they would read the simulation.log this run does not write.
 */
public class NoResultsFolderSimulation extends Simulation {
  static final int USERS = 3;

  {
    setUp(
            scenario("chats")
                .exec(chat("chat").user("hello").maxTokens(8).ignoreEos(true))
                .injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("sim"))
        .maxDuration(Duration.ofSeconds(30));
  }
}
