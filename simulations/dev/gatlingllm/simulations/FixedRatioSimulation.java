package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.InputOutputRatio;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * A fixed input:output ratio workload: {@code llm.ratio} = {@code 1024:1024} (default), the
 * prefill-heavy {@code 4000:50}, the decode-heavy {@code 200:2000} (also named balanced,
 * prefill-heavy, decode-heavy), or any {@code <input>:<output>}. Exact-length random prompts,
 * {@code max_tokens} with {@code ignore_eos}, concurrency steps {@code llm.levels} (default 1,4,16)
 * lasting {@code llm.levelDuration} seconds each (default 30). {@code llm.inputTokens} and {@code
 * llm.outputTokens} override the ratio's parts.
 */
public class FixedRatioSimulation extends Simulation {
  private final InputOutputRatio ratio =
      InputOutputRatio.fromSetting(
          "llm.ratio",
          Settings.fromSystemProperties().text("llm.ratio", InputOutputRatio.BALANCED.toString()));
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults()
              .levels(1, 4, 16)
              .inputTokens(ratio.inputTokens())
              .outputTokens(ratio.outputTokens())
              .levelDuration(Duration.ofSeconds(30)));
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
        "fixed ratio "
            + settings.prompts().inputTokens()
            + ":"
            + settings.prompts().outputTokens()
            + ", levels "
            + settings.closed().levels());
    setUp(steps.build("ratio", chatRequest, run.checks()))
        .protocols(
            run.http(),
            run.llm(steps.plannedLevels())
                .inputTokens(settings.prompts().inputTokens())
                .outputTokens(settings.prompts().outputTokens()))
        .assertions(run.assertions(global().failedRequests().percent().lt(1.0)));
  }

  @Override
  public void after() {
    run.close();
  }
}
