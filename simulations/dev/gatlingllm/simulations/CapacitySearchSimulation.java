package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.feed;

import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.workload.CapacitySearch;
import dev.gatlingllm.workload.ConcurrencySteps;
import dev.gatlingllm.workload.PlannedPrompts;
import dev.gatlingllm.workload.ReadyRun;
import dev.gatlingllm.workload.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * Raises the concurrency ({@code llm.levels}, default 1,2,4,8,16,32,64,128,256) until p99 TTFT breaks
 * {@code llm.slo.ttftMs} (default 500 ms), and stops there: later levels send nothing. Each level runs
 * {@code llm.requestsPerLevel} requests (default 10 x concurrency) of random prompts
 * ({@code llm.inputTokens}, default 128; {@code llm.outputTokens}, default 32). Prints the verdict of each
 * level and the capacity; the LLM report shows the levels that ran.
 */
public class CapacitySearchSimulation extends Simulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      WorkloadSettings.defaults().levels(1, 2, 4, 8, 16, 32, 64, 128, 256).outputTokens(32));
  // Read after the settings: a bad setting then fails the build before any embedded simulator starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final double sloTtftMs = run.sloTtftMs() != null ? run.sloTtftMs() : 500.0;
  private final CapacitySearch search = new CapacitySearch(settings.levels(), sloTtftMs);
  private final ConcurrencySteps steps = settings.concurrencySteps();

  private final ChainBuilder chatRequest =
      feed(run.randomPrompts(settings, PlannedPrompts.forSteps(settings, 1)))
          .exec(chat("chat").messages("#{messages}").maxTokens(settings.outputTokens()).ignoreEos(run.ignoreEos(true)));

  {
    run.announce("capacity search over " + settings.levels() + " streams, p99 TTFT <= " + sloTtftMs + " ms");
    setUp(steps.build("capacity", search.around(chatRequest, "llm"), run.checks()))
        .protocols(run.http(),
            run.llm(steps.plannedLevels()).inputTokens(settings.inputTokens()).outputTokens(settings.outputTokens())
                .capacityTarget(AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, sloTtftMs)))
        .assertions(run.assertions());
  }

  @Override
  public void after() {
    search.finish();
    System.out.println("gatling-llm: " + search.summary().replace("\n", "\ngatling-llm: "));
    run.close();
  }
}
