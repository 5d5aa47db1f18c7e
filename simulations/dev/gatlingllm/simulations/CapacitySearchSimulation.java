package dev.gatlingllm.simulations;

import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.workload.CapacitySearch;
import dev.gatlingllm.workload.LlmTarget;
import dev.gatlingllm.workload.PromptFeeders;
import dev.gatlingllm.workload.WorkloadSettings;
import io.gatling.javaapi.core.Simulation;
import java.util.List;

/**
 * Raises the concurrency ({@code llm.levels}, default 1,2,4,8,16,32,64,128,256) until p99 TTFT breaks
 * {@code llm.slo.ttftMs} (default 500 ms), and stops there: later levels send nothing. Each level runs
 * {@code llm.requestsPerLevel} requests (default 10 x concurrency) of random prompts
 * ({@code llm.inputTokens}, default 128; {@code llm.outputTokens}, default 32). Prints the verdict of each
 * level and the capacity.
 */
public class CapacitySearchSimulation extends Simulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(new WorkloadSettings.Defaults(
      List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), 128, 32, null, List.of(1.0)));
  private final LlmTarget target = LlmTarget.fromSystemProperties();
  private final CapacitySearch search = new CapacitySearch(settings.levels(),
      settings.sloTtftMs() != null ? settings.sloTtftMs() : 500.0);

  {
    var feeder = PromptFeeders.randomPrompts(
        Tokenizers.byName(settings.tokenizer(), target.baseUrl(), null),
        settings.inputTokens(), settings.rangeRatio(), settings.prefixTokens(), settings.seed());
    System.out.println("gatling-llm: capacity search over " + settings.levels() + " streams against the "
        + target.describe());
    setUp(settings.concurrencySteps().build("capacity",
            search.around(LlmRequests.chatFrom(feeder, settings.outputTokens(), true), "llm")))
        .protocols(target.http(), target.llm());
  }

  @Override
  public void after() {
    search.finish();
    System.out.println("gatling-llm: " + search.summary().replace("\n", "\ngatling-llm: "));
    target.close();
  }
}
