package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.values.ResponseFormat;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * {@link #USERS} users each send {@code test.requests} chat requests asking for {@link #SCHEMA}: in
 * OpenAI's form, or (with {@code test.ko=true}) in vLLM's {@code structured_outputs} form with a
 * breach of the schema made a KO.
 */
public class StructuredOutputSimulation extends Simulation {
  static final int USERS = 4;

  static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{"
          + "\"name\":{\"type\":\"string\",\"maxLength\":20},"
          + "\"age\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":120},"
          + "\"mood\":{\"enum\":[\"happy\",\"sad\"]},"
          + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":3},"
          + "\"score\":{\"type\":\"number\"},\"ok\":{\"type\":\"boolean\"}},"
          + "\"required\":[\"name\",\"age\",\"mood\"],\"additionalProperties\":false}";

  {
    boolean ko = Boolean.getBoolean("test.ko");
    ResponseFormat format =
        ko ? ResponseFormat.vllmStructuredOutputs().koWhenInvalid() : ResponseFormat.openAi();
    setUp(
            scenario("structured")
                .repeat(Integer.getInteger("test.requests", 25))
                .on(
                    chat("person")
                        .user("Describe a person as JSON.")
                        .maxTokens(200)
                        .responseFormat(SCHEMA, format))
                .injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("sim"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
