package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.workload.ConcurrencySteps;
import dev.gatlingllm.workload.Conversations;
import dev.gatlingllm.workload.PlannedPrompts;
import dev.gatlingllm.workload.WorkloadSettings;
import java.util.List;

/**
 * Multi-turn chats: {@code llm.turns} turns (default 3), each a random user message of
 * {@code llm.inputTokens} tokens (default 64) plus the whole conversation so far, {@code llm.outputTokens}
 * (default 32) per answer, {@code llm.thinkTimeSeconds} (default 1) between turns. Concurrency steps
 * {@code llm.levels} (default 1,4,8) of {@code llm.requestsPerLevel} conversations (default 10 x concurrency).
 * Records: {@code chat turn 1}, {@code chat turn 2}... with their TTFT records.
 */
public class MultiTurnSimulation extends ReadySimulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      new WorkloadSettings.Defaults(List.of(1, 4, 8), 64, 32, null, List.of(1.0)));

  {
    boolean ignoreEos = target.ignoreEos(true);
    var conversation = Conversations.chain("chat", settings.turns(),
        randomPrompts(settings, PlannedPrompts.forSteps(settings, settings.turns())), settings.thinkTime(),
        request -> request.maxTokens(settings.outputTokens()).ignoreEos(ignoreEos));
    ConcurrencySteps steps = settings.concurrencySteps();
    run(settings.turns() + "-turn conversations, levels " + settings.levels(),
        steps.build("multi-turn", conversation, report.checksPopulation()),
        llmProtocol(steps.plannedLevels(), -1, settings.outputTokens()),
        details("chat turn 1").failedRequests().percent().lt(1.0));
  }
}
