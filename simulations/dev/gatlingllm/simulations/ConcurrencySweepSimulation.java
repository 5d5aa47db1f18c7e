package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * The concurrency sweep, as {@code vllm bench serve} sweeps do it, in Gatling: random prompts of
 * exactly {@code llm.inputTokens} tokens, {@code llm.outputTokens} output tokens (ignore_eos),
 * closed-model steps of {@code llm.levels} concurrent streams, each running {@code
 * llm.requestsPerLevel} requests (default 10 x concurrency) or lasting {@code llm.levelDuration}
 * seconds, after {@code llm.warmupRequests}.
 *
 * <p>Defaults: levels 1,4,16,32,64,128; 256 input tokens; 48 output tokens; the users of a level
 * start over {@code llm.rampSeconds} (1).
 */
public class ConcurrencySweepSimulation extends Simulation {
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults()
              .levels(1, 4, 16, 32, 64, 128)
              .inputTokens(256)
              .outputTokens(48)
              .requestsPerStream(5));
  private final ConcurrencySteps steps = settings.concurrencySteps();

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final ChainBuilder chatRequest =
      feed(run.randomPrompts(settings, PlannedPrompts.forSteps(settings, 1)))
          .exec(
              chat("chat")
                  .messages("#{messages}")
                  .maxTokens(run.maxTokens(settings))
                  .ignoreEos(run.ignoreEos(true)));

  {
    run.announce(
        "concurrency sweep "
            + settings.closed().levels()
            + ", "
            + settings.prompts().inputTokens()
            + " input / "
            + settings.prompts().outputTokens()
            + " output tokens");
    setUp(steps.build("sweep", chatRequest, run.checks()))
        .protocols(
            run.http(),
            run.llm(steps.plannedLevels())
                .inputTokens(settings.prompts().inputTokens())
                .outputTokens(settings.prompts().outputTokens()))
        .assertions(
            run.assertions(
                global().failedRequests().percent().lt(1.0),
                details("chat TTFT").successfulRequests().count().gt(0L)));
  }

  @Override
  public void after() {
    run.close();
  }
}
