package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.workload.OpenRates;
import dev.gatlingllm.workload.PlannedPrompts;
import dev.gatlingllm.workload.WorkloadSettings;
import java.time.Duration;
import java.util.List;

/**
 * Open model: requests arrive at {@code llm.rates} per second (default 2,4,8), each rate lasting
 * {@code llm.levelDuration} seconds (default 20), Poisson arrivals unless {@code llm.poisson=false},
 * optionally capped at {@code llm.maxConcurrency} requests in flight. The arrival time is each request's
 * scheduled start, so client-side waiting shows as send lateness. Random prompts of {@code llm.inputTokens}
 * (default 128), {@code llm.outputTokens} output tokens (default 32).
 */
public class OpenRateSimulation extends ReadySimulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      new WorkloadSettings.Defaults(List.of(1), 128, 32, Duration.ofSeconds(20), List.of(2.0, 4.0, 8.0)));

  {
    Duration levelDuration = settings.levelDuration() != null ? settings.levelDuration() : Duration.ofSeconds(20);
    OpenRates rates = OpenRates.of(settings.rates(), levelDuration)
        .poisson(settings.poisson())
        .maxConcurrency(settings.maxConcurrency());
    var prompts = randomPrompts(settings, PlannedPrompts.forOpenRates(settings.rates(), levelDuration));
    run("open model at " + settings.rates() + " req/s, " + levelDuration.toSeconds() + " s each",
        rates.build("open", LlmRequests.chatFrom(prompts, settings.outputTokens(), target.ignoreEos(true)),
            report.checksPopulation()),
        llmProtocol(rates.plannedLevels(), settings.inputTokens(), settings.outputTokens()),
        details("chat").failedRequests().percent().lt(1.0));
  }
}
