package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.answerMatches;
import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.finishReasonIs;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.outputTokensAtLeast;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Two requests per user against the simulator at {@code test.baseUrl}, {@link #TOKENS} tokens each:
 * {@code good} with checks the simulator's answers meet, {@code short} asking for one token more
 * than it gets.
 */
public class AnswerChecksSimulation extends Simulation {
  static final int TOKENS = 4;
  static final int USERS = 2;

  {
    setUp(
            scenario("answer checks")
                .exec(
                    chat("good")
                        .user("hi")
                        .maxTokens(TOKENS)
                        .ignoreEos(true)
                        .check(
                            finishReasonIs("length"),
                            outputTokensAtLeast(TOKENS),
                            answerMatches("\\S")))
                .exec(
                    chat("short")
                        .user("hi")
                        .maxTokens(TOKENS)
                        .ignoreEos(true)
                        .check(outputTokensAtLeast(TOKENS + 1)))
                .injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m").noReport())
        .assertions(
            details("good").failedRequests().count().is(0L),
            details("short").failedRequests().count().is((long) USERS))
        .maxDuration(Duration.ofSeconds(60));
  }
}
