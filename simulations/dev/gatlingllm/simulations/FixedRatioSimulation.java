package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.workload.ConcurrencySteps;
import dev.gatlingllm.workload.InputOutputRatio;
import dev.gatlingllm.workload.PlannedPrompts;
import dev.gatlingllm.workload.Settings;
import dev.gatlingllm.workload.WorkloadSettings;
import java.time.Duration;
import java.util.List;

/**
 * A fixed input:output ratio workload: {@code llm.ratio} = {@code 1024:1024} (default), the prefill-heavy
 * {@code 4000:50}, the decode-heavy {@code 200:2000} (also named balanced, prefill-heavy, decode-heavy), or
 * any {@code <input>:<output>}. Exact-length random prompts, {@code max_tokens} with {@code ignore_eos} (unless {@code llm.ignoreEos=false}),
 * concurrency steps {@code llm.levels} (default 1,4,16) lasting {@code llm.levelDuration} seconds each
 * (default 30). {@code llm.inputTokens} and {@code llm.outputTokens} override the ratio's parts.
 */
public class FixedRatioSimulation extends ReadySimulation {
  private final InputOutputRatio ratio =
      parseRatio(Settings.fromSystemProperties().text("llm.ratio", InputOutputRatio.BALANCED.toString()));
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(new WorkloadSettings.Defaults(
      List.of(1, 4, 16), ratio.inputTokens(), ratio.outputTokens(), Duration.ofSeconds(30), List.of(1.0)));

  {
    ConcurrencySteps steps = settings.concurrencySteps();
    var prompts = randomPrompts(settings, PlannedPrompts.forSteps(settings, 1));
    run("fixed ratio " + settings.inputTokens() + ":" + settings.outputTokens() + ", levels " + settings.levels(),
        steps.build("ratio", LlmRequests.chatFrom(prompts, settings.outputTokens(), target.ignoreEos(true)),
            report.checksPopulation()),
        llmProtocol(steps.plannedLevels(), settings.inputTokens(), settings.outputTokens()),
        details("chat").failedRequests().percent().lt(1.0));
  }

  private static InputOutputRatio parseRatio(String value) {
    try {
      return InputOutputRatio.parse(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("llm.ratio: " + e.getMessage());
    }
  }
}
