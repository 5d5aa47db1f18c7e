package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.prompts.Conversations;
import dev.gatlingllm.dsl.ready.PlannedPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * Multi-turn chats: {@code llm.turns} turns (default 3), each a random user message of {@code
 * llm.inputTokens} tokens (default 64) plus the whole conversation so far, {@code llm.outputTokens}
 * (default 32) per answer, {@code llm.thinkTimeSeconds} (default 1) between turns. Concurrency
 * steps {@code llm.levels} (default 1,4,8) of {@code llm.requestsPerLevel} conversations (default
 * 10 x concurrency). Records: {@code chat turn 1}, {@code chat turn 2}... with their TTFT records.
 */
public class MultiTurnSimulation extends Simulation {
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults().levels(1, 4, 8).inputTokens(64).outputTokens(32));
  private final ConcurrencySteps steps = settings.concurrencySteps();

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final ChainBuilder conversation =
      Conversations.chain(
          "chat",
          settings.conversation().turns(),
          run.randomPrompts(
              settings, PlannedPrompts.forSteps(settings, settings.conversation().turns())),
          settings.conversation().thinkTime(),
          request ->
              request.maxTokens(settings.prompts().outputTokens()).ignoreEos(run.ignoreEos(true)));

  {
    run.announce(
        settings.conversation().turns()
            + "-turn conversations, levels "
            + settings.closed().levels());
    // The input grows with each turn: only the output length is planned.
    setUp(steps.build("multi-turn", conversation, run.checks()))
        .protocols(
            run.http(),
            run.llm(steps.plannedLevels()).outputTokens(settings.prompts().outputTokens()))
        .assertions(run.assertions(details("chat turn 1").failedRequests().percent().lt(1.0)));
  }

  @Override
  public void after() {
    run.close();
  }
}
