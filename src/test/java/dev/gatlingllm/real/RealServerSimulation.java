package dev.gatlingllm.real;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.completion;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Streams chats and completions from a real llama-server, four at a time, three rounds each. */
public class RealServerSimulation extends Simulation {
  public static final List<Map<String, Object>> CHATS = new CopyOnWriteArrayList<>();
  public static final List<Map<String, Object>> COMPLETIONS = new CopyOnWriteArrayList<>();
  static final int OUTPUT_TOKENS = 64;

  {
    var chats =
        scenario("chats")
            .repeat(3)
            .on(
                io.gatling.javaapi.core.CoreDsl.exec(
                        chat("chat")
                            .user("Tell me a story about a cat.")
                            .maxTokens(OUTPUT_TOKENS)
                            .ignoreEos(true)
                            .temperature(0.8))
                    .exec(
                        session -> {
                          CHATS.add(session.getMap("llm"));
                          return session;
                        }));
    var completions =
        scenario("completions")
            .repeat(3)
            .on(
                io.gatling.javaapi.core.CoreDsl.exec(
                        completion("completion")
                            .prompt("Once upon a time")
                            .maxTokens(OUTPUT_TOKENS)
                            .ignoreEos(true))
                    .exec(
                        session -> {
                          COMPLETIONS.add(session.getMap("llm"));
                          return session;
                        }));
    setUp(chats.injectOpen(atOnceUsers(4)), completions.injectOpen(atOnceUsers(2)))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().model("stories260K").timeout(Duration.ofSeconds(60)))
        .assertions(
            details("chat").failedRequests().count().is(0L),
            details("completion").failedRequests().count().is(0L))
        .maxDuration(Duration.ofSeconds(120));
  }
}
