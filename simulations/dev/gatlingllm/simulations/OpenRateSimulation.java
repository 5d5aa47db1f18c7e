package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.load.OpenRates;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Open model: requests arrive at {@code llm.rates} per second (default 2,4,8), each rate lasting
 * {@code llm.levelDuration} seconds (default 20), Poisson arrivals unless {@code
 * llm.poisson=false}, optionally capped at {@code llm.maxConcurrency} requests in flight. The
 * arrival time is each request's scheduled start, so client-side waiting shows as send lateness.
 * Random prompts of {@code llm.inputTokens} (default 128), {@code llm.outputTokens} output tokens
 * (default 32). A JIT warm-up ({@code llm.warmupSeconds}) runs first, closed, with as many streams
 * as the first rate's requests per second (at most the cap).
 */
public class OpenRateSimulation extends Simulation {
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults()
              .outputTokens(32)
              .levelDuration(Duration.ofSeconds(20))
              .rates(2.0, 4.0, 8.0));
  private final Duration levelDuration =
      settings.closed().levelDuration() != null
          ? settings.closed().levelDuration()
          : Duration.ofSeconds(20);
  private final OpenRates rates =
      withJitWarmup(
          OpenRates.of(settings.open().rates(), levelDuration)
              .poisson(settings.open().poisson())
              .maxConcurrency(settings.open().maxConcurrency())
              .startAt(settings.injector().startAtEpochMillis()));

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final ChainBuilder chatRequest =
      feed(run.randomPrompts(
              settings, PlannedPrompts.forOpenRates(settings.open().rates(), levelDuration)))
          .exec(
              chat("chat")
                  .messages("#{messages}")
                  .maxTokens(run.maxTokens(settings))
                  .ignoreEos(run.ignoreEos(true)));

  {
    run.announce(
        "open model at "
            + settings.open().rates()
            + " req/s, "
            + levelDuration.toSeconds()
            + " s each");
    setUp(rates.build("open", chatRequest, run.checks()))
        .protocols(
            run.http(),
            run.llm(rates.plannedLevels())
                .inputTokens(settings.prompts().inputTokens())
                .outputTokens(settings.prompts().outputTokens()))
        .assertions(run.assertions(global().failedRequests().percent().lt(1.0)));
  }

  private OpenRates withJitWarmup(OpenRates open) {
    return open.jitWarmup(settings.jitWarmup(open.warmupStreams()));
  }

  @Override
  public void after() {
    run.close();
  }
}
