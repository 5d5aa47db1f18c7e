package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * docs/dsl.md's "Beside your HTTP scenarios": a project's existing HTTP scenario, with its own
 * {@code http} protocol, and an LLM scenario with the LLM server's {@code http} and {@code llm()},
 * each population with its protocols. Here both servers are the one at {@code -Dtest.baseUrl}.
 */
public class HttpBesideLlmSimulation extends Simulation {
  // The project's own scenario and protocol, as they were.
  HttpProtocolBuilder shopHttp =
      http.baseUrl(System.getProperty("test.baseUrl")).acceptHeader("application/json");
  ScenarioBuilder browse =
      scenario("browse")
          .exec(repeat(3).on(http("models").get("/v1/models").check(status().is(200))));

  // The LLM scenario beside it, with its own http protocol and llm().
  HttpProtocolBuilder llmHttp = http.baseUrl(System.getProperty("test.baseUrl"));
  ScenarioBuilder chats =
      scenario("chats").exec(repeat(2).on(chat("chat").user("Hello").maxTokens(8).ignoreEos(true)));

  {
    setUp(
            browse.injectOpen(atOnceUsers(2)).protocols(shopHttp),
            chats.injectOpen(atOnceUsers(3)).protocols(llmHttp, llm().model("m")))
        .assertions(
            details("models").successfulRequests().count().is(6L),
            details("chat").successfulRequests().count().is(6L),
            details("chat TTFT").successfulRequests().count().is(6L));
  }
}
