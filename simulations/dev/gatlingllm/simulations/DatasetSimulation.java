package dev.gatlingllm.simulations;

import static io.gatling.javaapi.core.CoreDsl.details;

import dev.gatlingllm.workload.ConcurrencySteps;
import dev.gatlingllm.workload.PromptFeeders;
import dev.gatlingllm.workload.WorkloadSettings;
import java.util.List;

/**
 * Prompts from a dataset: {@code llm.dataset} (default {@code chat-dataset.jsonl} from {@code feeders/}),
 * one JSON object a line with {@code prompt} or {@code messages} and optional {@code max_tokens}; records
 * without it ask for {@code llm.outputTokens} (default 128). The model may stop early (no ignore_eos unless {@code llm.ignoreEos=true}), as
 * in production. Concurrency steps {@code llm.levels} (default 1,4,16), 10 x concurrency requests each.
 */
public class DatasetSimulation extends ReadySimulation {
  private final WorkloadSettings settings = WorkloadSettings.fromSystemProperties(
      new WorkloadSettings.Defaults(List.of(1, 4, 16), 128, 128, null, List.of(1.0)));

  {
    String dataset = settings.dataset() != null ? settings.dataset() : "chat-dataset.jsonl";
    var records = PromptFeeders.dataset(dataset);
    ConcurrencySteps steps = settings.concurrencySteps();
    run("dataset " + dataset + " (" + records.size() + " prompts), levels " + settings.levels(),
        steps.build("dataset", LlmRequests.chatFrom(LlmRequests.circular(records), settings.outputTokens(),
            target.ignoreEos(false)),
            report.checksPopulation()),
        llmProtocol(steps.plannedLevels(), -1, -1),
        details("chat").failedRequests().percent().lt(1.0));
  }
}
