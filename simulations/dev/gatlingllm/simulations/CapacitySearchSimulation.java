package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.ttftPercentileAtMost;
import static io.gatling.javaapi.core.CoreDsl.feed;

import dev.gatlingllm.dsl.load.CapacitySearch;
import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.ReportSettings;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Finds the highest concurrency whose p99 TTFT meets {@code llm.slo.ttftMs} (default 500 ms), in
 * one run: raises it through {@code llm.levels} (default 1,2,4,8,16,32,64,128,256) until a level
 * breaks the SLO, then bisects between the last level that met it and the one that broke it until
 * they are at most {@code llm.searchResolution} streams apart (default: 10 % of the last level that
 * met it, at least 1). Each level runs {@code llm.requestsPerStream} requests per stream (default
 * 10) of random prompts ({@code llm.inputTokens}, default 128; {@code llm.outputTokens}, default
 * 32), after a JIT warm-up at the first level's concurrency. Prints the verdict of each level and
 * the capacity with its resolution; the LLM report shows the levels that ran, by concurrency.
 */
public class CapacitySearchSimulation extends Simulation {
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults().levels(1, 2, 4, 8, 16, 32, 64, 128, 256).outputTokens(32));
  private final int resolution =
      Settings.fromSystemProperties().wholeNumber("llm.searchResolution", 0);
  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final double sloTtftMs =
      run.sloTtftMs() != null ? run.sloTtftMs() : ReportSettings.DEFAULT_SLO_TTFT_MS;
  private final CapacitySearch search =
      new CapacitySearch(settings.closed().levels(), sloTtftMs, resolution);
  // A search may stop at its first levels: its JVM warms up at the first one's concurrency, not the
  // highest.
  private final ConcurrencySteps steps =
      settings.concurrencySteps().jitWarmup(settings.jitWarmup(settings.closed().levels().get(0)));

  private final ChainBuilder chatRequest =
      feed(run.randomPrompts(settings, PlannedPrompts.forSearch(settings, search.levelsAtMost())))
          .exec(
              chat("chat")
                  .messages("#{messages}")
                  .maxTokens(run.maxTokens(settings))
                  .ignoreEos(run.ignoreEos(true)));

  {
    run.announce(
        "capacity search over "
            + settings.closed().levels()
            + " streams, p99 TTFT <= "
            + sloTtftMs
            + " ms, resolution "
            + (resolution > 0
                ? resolution + (resolution == 1 ? " stream" : " streams")
                : "10 % of the capacity"));
    setUp(search.build(steps, "capacity", chatRequest, "llm", run.checks()))
        .protocols(
            run.http(),
            run.llm(search.plannedLevels())
                .inputTokens(settings.prompts().inputTokens())
                .outputTokens(settings.prompts().outputTokens())
                .capacityTarget(
                    ttftPercentileAtMost(99, Duration.ofNanos(Math.round(sloTtftMs * 1e6)))))
        .assertions(run.assertions());
  }

  @Override
  public void after() {
    search.finish();
    System.out.println("gatling-llm: " + search.summary().replace("\n", "\ngatling-llm: "));
    run.close();
  }
}
