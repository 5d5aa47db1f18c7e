package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.workload.Conversations;
import dev.gatlingllm.workload.LlmTarget;
import dev.gatlingllm.workload.PromptFeeders;
import dev.gatlingllm.workload.WorkloadSettings;
import io.gatling.javaapi.core.Simulation;
import java.util.List;

/**
 * Multi-turn chats: {@code llm.turns} turns (default 3), each a random user message of
 * {@code llm.inputTokens} tokens (default 64) plus the whole conversation so far, {@code llm.outputTokens}
 * (default 32) per answer, {@code llm.thinkTimeSeconds} (default 1) between turns. Concurrency steps
 * {@code llm.levels} (default 1,4,8) of {@code llm.requestsPerLevel} conversations (default 10 x concurrency).
 * Records: {@code chat turn 1}, {@code chat turn 2}... with their TTFT records.
 */
public class MultiTurnSimulation extends Simulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      new WorkloadSettings.Defaults(List.of(1, 4, 8), 64, 32, null, List.of(1.0)));
  private final LlmTarget target = LlmTarget.fromSystemProperties();

  {
    var feeder = PromptFeeders.randomPrompts(
        Tokenizers.byName(settings.tokenizer(), target.baseUrl(), null),
        settings.inputTokens(), settings.rangeRatio(), settings.prefixTokens(), settings.seed());
    System.out.println("gatling-llm: " + settings.turns() + "-turn conversations, levels " + settings.levels()
        + ", against the " + target.describe());
    var conversation = Conversations.chain("chat", settings.turns(), feeder, settings.thinkTime(),
        request -> request.maxTokens(settings.outputTokens()).ignoreEos(true));
    setUp(settings.concurrencySteps().build("multi-turn", conversation))
        .protocols(target.http(), target.llm())
        .assertions(global().failedRequests().percent().lt(1.0));
  }

  @Override
  public void after() {
    target.close();
  }
}
