package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.csv;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.workload.LlmTarget;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * The quick start: streamed chat requests with prompts from {@code feeders/prompts.csv}, four concurrent
 * streams for 20 seconds (closed model), against {@code llm.baseUrl} or the embedded simulator. Gatling's
 * report then holds {@code chat} (whole request) and {@code chat TTFT} (time to first token).
 *
 * <p>Properties: the target ones of {@link LlmTarget}, {@code llm.concurrency} (default 4),
 * {@code llm.durationSeconds} (default 20), {@code llm.outputTokens} (default 64).
 */
public class ChatQuickstartSimulation extends Simulation {
  private final LlmTarget target = LlmTarget.fromSystemProperties();
  private final int concurrency = Integer.getInteger("llm.concurrency", 4);
  private final int seconds = Integer.getInteger("llm.durationSeconds", 20);
  private final int outputTokens = Integer.getInteger("llm.outputTokens", 64);

  private final ScenarioBuilder chat =
      scenario("chat")
          .feed(csv("prompts.csv").circular())
          .exec(
              chat("chat")
                  .system("You are a helpful assistant.")
                  .user("#{prompt}")
                  .maxTokens(outputTokens)
                  .ignoreEos(true));

  {
    System.out.println("gatling-llm: load goes to the " + target.describe());
    setUp(chat.injectClosed(constantConcurrentUsers(concurrency).during(Duration.ofSeconds(seconds))))
        .protocols(target.http(), target.llm())
        .assertions(
            global().failedRequests().percent().lt(1.0),
            details("chat TTFT").responseTime().percentile(99.0).lt(5_000));
  }

  @Override
  public void after() {
    target.close();
  }
}
