package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * A run far longer than {@link StoppedRunEndToEndTest} lets it live: four streams of short requests
 * for {@link #PLANNED_SECONDS}, in a JVM of its own that the test stops with SIGTERM.
 */
public class StoppedRunSimulation extends Simulation {
  static final int PLANNED_SECONDS = 300;

  {
    setUp(
            scenario("stopped")
                .exec(chat("chat").user("hello").maxTokens(8).ignoreEos(true))
                .injectClosed(
                    constantConcurrentUsers(4).during(Duration.ofSeconds(PLANNED_SECONDS))))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"));
  }
}
