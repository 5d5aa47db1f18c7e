package dev.gatlingllm.real;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.completion;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.values.ResponseFormat;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Structured output from a real llama-server, which turns the schema into a grammar: chats in
 * OpenAI's {@code response_format}, completions in llama.cpp's top-level {@code json_schema}. The
 * schema has only bounded values (an enum, a boolean), so that the tiny model's answers end well
 * within their limit.
 */
public class RealStructuredOutputSimulation extends Simulation {
  static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{"
          + "\"mood\":{\"enum\":[\"happy\",\"sad\"]},\"done\":{\"type\":\"boolean\"}},"
          + "\"required\":[\"mood\",\"done\"],\"additionalProperties\":false}";
  static final int CHATS = 6;
  static final int COMPLETIONS = 4;

  /**
   * Room for the answer: the grammar lets the model put white space between the JSON's tokens, and
   * the tiny model sometimes does at length; an answer cut at its limit is not valid JSON.
   */
  static final int MAX_TOKENS = 256;

  {
    var chats =
        scenario("chats")
            .repeat(CHATS / 2)
            .on(
                chat("chat")
                    .user("How is the cat? Answer in JSON.")
                    .maxTokens(MAX_TOKENS)
                    .responseFormat(SCHEMA, ResponseFormat.openAi().named("mood")));
    var completions =
        scenario("completions")
            .repeat(COMPLETIONS / 2)
            .on(
                completion("completion")
                    .prompt("The cat's mood as JSON:")
                    .maxTokens(MAX_TOKENS)
                    .responseFormat(SCHEMA, ResponseFormat.llamaCppJsonSchema()));
    setUp(chats.injectOpen(atOnceUsers(2)), completions.injectOpen(atOnceUsers(2)))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().model("stories260K").timeout(Duration.ofSeconds(60)))
        .maxDuration(Duration.ofSeconds(120));
  }
}
