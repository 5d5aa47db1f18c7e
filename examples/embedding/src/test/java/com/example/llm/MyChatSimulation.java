package com.example.llm;

import static dev.gatlingllm.dsl.LlmDsl.*;
import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.*;
import java.time.Duration;

public class MyChatSimulation extends Simulation {
  ScenarioBuilder scn =
      scenario("chat")
          .feed(csv("prompts.csv").circular())
          .exec(
              chat("chat")
                  .system("You are a helpful assistant.")
                  .user("#{prompt}")
                  .maxTokens(256)
                  .ignoreEos(true))
          // the answer and the figures are in the session: #{llm.content}, session.getMap("llm")
          .exec(
              chat("chat turn 2")
                  .user("#{prompt}")
                  .assistant("#{llm.content}")
                  .user("Now say it in one sentence."));

  {
    setUp(
            scn.injectClosed(
                constantConcurrentUsers(8)
                    .during(Duration.ofSeconds(Integer.getInteger("seconds", 60)))))
        .protocols(
            // your server with -DbaseUrl=https://..., else gatling-llm's embedded simulator
            http.baseUrl(baseUrlOrEmbeddedSimulator(System.getProperty("baseUrl"))),
            llm().model("my-model").apiKey(System.getenv("LLM_API_KEY")))
        .assertions(
            details("chat TTFT").responseTime().percentile(99.0).lt(2000),
            global().failedRequests().percent().lt(1.0));
  }
}
