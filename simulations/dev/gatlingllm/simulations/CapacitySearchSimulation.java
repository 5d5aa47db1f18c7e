package dev.gatlingllm.simulations;

import dev.gatlingllm.workload.CapacitySearch;
import dev.gatlingllm.workload.ConcurrencySteps;
import dev.gatlingllm.workload.PlannedPrompts;
import dev.gatlingllm.workload.WorkloadSettings;
import java.util.List;

/**
 * Raises the concurrency ({@code llm.levels}, default 1,2,4,8,16,32,64,128,256) until p99 TTFT breaks
 * {@code llm.slo.ttftMs} (default 500 ms), and stops there: later levels send nothing. Each level runs
 * {@code llm.requestsPerLevel} requests (default 10 x concurrency) of random prompts
 * ({@code llm.inputTokens}, default 128; {@code llm.outputTokens}, default 32). Prints the verdict of each
 * level and the capacity; the LLM report shows the levels that ran.
 */
public class CapacitySearchSimulation extends ReadySimulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(new WorkloadSettings.Defaults(
      List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), 128, 32, null, List.of(1.0)));
  private final double sloTtftMs = report.sloTtftMs() != null ? report.sloTtftMs() : 500.0;
  private final CapacitySearch search = new CapacitySearch(settings.levels(), sloTtftMs);

  {
    ConcurrencySteps steps = settings.concurrencySteps();
    var prompts = randomPrompts(settings, PlannedPrompts.forSteps(settings, 1));
    run("capacity search over " + settings.levels() + " streams, p99 TTFT <= " + sloTtftMs + " ms",
        steps.build("capacity",
            search.around(LlmRequests.chatFrom(prompts, settings.outputTokens(), target.ignoreEos(true)), "llm"),
            report.checksPopulation()),
        llmProtocol(steps.plannedLevels(), settings.inputTokens(), settings.outputTokens())
            .capacityTarget(dev.gatlingllm.metrics.slo.AttainmentTarget.percentileAtMost(
                dev.gatlingllm.metrics.slo.AttainmentTarget.Metric.TTFT, 99, sloTtftMs)));
  }

  @Override
  public void after() {
    search.finish();
    System.out.println("gatling-llm: " + search.summary().replace("\n", "\ngatling-llm: "));
    super.after();
  }
}
