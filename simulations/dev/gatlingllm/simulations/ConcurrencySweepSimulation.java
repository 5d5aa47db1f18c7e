package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.workload.ConcurrencySteps;
import dev.gatlingllm.workload.PlannedPrompts;
import dev.gatlingllm.workload.WorkloadSettings;
import java.util.List;

/**
 * The concurrency sweep, as {@code vllm bench serve} sweeps do it, in Gatling: random prompts of exactly
 * {@code llm.inputTokens} tokens, {@code llm.outputTokens} output tokens (ignore_eos unless {@code llm.ignoreEos=false}), closed-model steps
 * of {@code llm.levels} concurrent streams, each running {@code llm.requestsPerLevel} requests (default
 * 10 x concurrency) or lasting {@code llm.levelDuration} seconds, after {@code llm.warmupRequests}.
 *
 * <p>Defaults: levels 1,4,16,32,64,128; 256 input tokens; 48 output tokens; the users of a level start over
 * {@code llm.rampSeconds} (1).
 */
public class ConcurrencySweepSimulation extends ReadySimulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      new WorkloadSettings.Defaults(List.of(1, 4, 16, 32, 64, 128), 256, 48, null, List.of(1.0)));

  {
    ConcurrencySteps steps = settings.concurrencySteps();
    var prompts = randomPrompts(settings, PlannedPrompts.forSteps(settings, 1));
    run("concurrency sweep " + settings.levels() + ", " + settings.inputTokens() + " input / "
            + settings.outputTokens() + " output tokens",
        steps.build("sweep", LlmRequests.chatFrom(prompts, settings.outputTokens(), target.ignoreEos(true)),
            report.checksPopulation()),
        llmProtocol(steps.plannedLevels(), settings.inputTokens(), settings.outputTokens()),
        details("chat").failedRequests().percent().lt(1.0),
        details("chat TTFT").successfulRequests().count().gt(0L));
  }
}
