package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.csv;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * The quick start: streamed chat requests with prompts from {@code feeders/prompts.csv}, {@code
 * llm.concurrency} concurrent streams (default 4) for {@code llm.durationSeconds} (default 20),
 * closed model, against {@code llm.baseUrl} or the embedded simulator. Gatling's report then holds
 * {@code chat} (whole request) and {@code chat TTFT} (time to first token); the LLM report the
 * rest.
 */
public class ChatQuickstartSimulation extends Simulation {
  private final Settings properties = Settings.fromSystemProperties();
  private final int concurrency = properties.wholeNumber("llm.concurrency", 4);
  private final int seconds = properties.wholeNumber("llm.durationSeconds", 20);
  private final int outputTokens = properties.wholeNumber("llm.outputTokens", 64);

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final PopulationBuilder chats =
      scenario("chat")
          .feed(csv("prompts.csv").circular())
          .exec(
              chat("chat")
                  .system("You are a helpful assistant.")
                  .user("#{prompt}")
                  .maxTokens(outputTokens)
                  .ignoreEos(run.ignoreEos(true)))
          .injectClosed(constantConcurrentUsers(concurrency).during(Duration.ofSeconds(seconds)));

  {
    run.announce(concurrency + " concurrent streams for " + seconds + " s");
    PopulationBuilder checks = run.checks();
    setUp(checks == null ? chats : chats.andThen(checks))
        .protocols(run.http(), run.llm(List.of()).outputTokens(outputTokens))
        .assertions(
            run.assertions(
                global().failedRequests().percent().lt(1.0),
                details("chat TTFT").responseTime().percentile(99.0).lt(5_000)));
  }

  @Override
  public void after() {
    run.close();
  }
}
