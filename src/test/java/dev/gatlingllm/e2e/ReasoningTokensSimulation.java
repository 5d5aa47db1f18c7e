package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * One chat request whose usage counts reasoning apart, one whose count is implausible, one without.
 */
public class ReasoningTokensSimulation extends Simulation {
  {
    setUp(
            scenario("reasoning")
                .exec(chat("counted").endpoint("/counted").user("think"))
                .exec(chat("implausible").endpoint("/implausible").user("think"))
                .exec(chat("plain").endpoint("/plain").user("say"))
                .injectOpen(atOnceUsers(1)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(30));
  }
}
