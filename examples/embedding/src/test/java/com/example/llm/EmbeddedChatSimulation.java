package com.example.llm;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.outputTokensAtLeast;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Streamed chats against gatling-llm's simulated OpenAI-compatible server, started on a loopback
 * port for the run: 4 users, 3 chats each, 32 output tokens a chat. Point {@code http.baseUrl} at
 * your own server instead.
 */
public class EmbeddedChatSimulation extends Simulation {
  private static final int OUTPUT_TOKENS = 32;

  private final LlmSimulator server = LlmSimulator.builder().model("simulated-llm").build().start();

  private final ScenarioBuilder chats =
      scenario("chats")
          .repeat(3)
          .on(
              io.gatling.javaapi.core.CoreDsl.exec(
                  chat("chat")
                      .system("You are a helpful assistant.")
                      .user("Tell me a story about a lighthouse.")
                      .maxTokens(OUTPUT_TOKENS)
                      .ignoreEos(true)
                      .check(outputTokensAtLeast(OUTPUT_TOKENS))));

  {
    setUp(chats.injectOpen(atOnceUsers(4)))
        .protocols(
            http.baseUrl(server.baseUri().toString()),
            llm().model("simulated-llm").timeout(Duration.ofSeconds(30)))
        .assertions(
            global().failedRequests().count().is(0L),
            details("chat").successfulRequests().count().is(12L),
            details("chat TTFT").responseTime().percentile(99.0).lt(5_000))
        .maxDuration(Duration.ofSeconds(60));
  }

  @Override
  public void after() {
    server.close();
  }
}
