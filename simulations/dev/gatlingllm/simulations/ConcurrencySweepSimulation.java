package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.workload.LlmTarget;
import dev.gatlingllm.workload.PromptFeeders;
import dev.gatlingllm.workload.WorkloadSettings;
import io.gatling.javaapi.core.Simulation;
import java.util.List;

/**
 * The concurrency sweep, as {@code vllm bench serve} sweeps do it, in Gatling: random prompts of exactly
 * {@code llm.inputTokens} tokens, {@code llm.outputTokens} output tokens (ignore_eos), closed-model steps
 * of {@code llm.levels} concurrent streams, each running {@code llm.requestsPerLevel} requests (default
 * 10 x concurrency) or lasting {@code llm.levelDuration} seconds, after {@code llm.warmupRequests}.
 *
 * <p>Defaults: levels 1,4,16,32,64,128; 128 input tokens; 32 output tokens.
 */
public class ConcurrencySweepSimulation extends Simulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      new WorkloadSettings.Defaults(List.of(1, 4, 16, 32, 64, 128), 128, 32, null, List.of(1.0)));
  private final LlmTarget target = LlmTarget.fromSystemProperties();

  {
    var feeder = PromptFeeders.randomPrompts(
        Tokenizers.byName(settings.tokenizer(), target.baseUrl(), null),
        settings.inputTokens(), settings.rangeRatio(), settings.prefixTokens(), settings.seed());
    System.out.println("gatling-llm: concurrency sweep " + settings.levels() + ", " + settings.inputTokens()
        + " input / " + settings.outputTokens() + " output tokens, against the " + target.describe());
    setUp(settings.concurrencySteps().build("sweep",
            LlmRequests.chatFrom(feeder, settings.outputTokens(), true)))
        .protocols(target.http(), target.llm())
        .assertions(
            global().failedRequests().percent().lt(1.0),
            details("chat TTFT").successfulRequests().count().gt(0L));
  }

  @Override
  public void after() {
    target.close();
  }
}
