package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.List;
import java.util.Map;

/**
 * Prompts from a dataset: {@code llm.dataset} (default {@code chat-dataset.jsonl} from {@code
 * feeders/}), JSONL or a JSON array of records with {@code prompt}, {@code messages} or ShareGPT's
 * {@code conversations} (or the field {@code llm.dataset.promptField}), and optional {@code
 * max_tokens}; with {@code llm.dataset.answerLength=true} a record's recorded answer sets its
 * output limit, as {@code vllm bench serve} does with ShareGPT; other records ask for {@code
 * llm.outputTokens} (default 128). {@code llm.dataset.limit}: the first N records. The model may
 * stop early (no ignore_eos), as in production. Concurrency steps {@code llm.levels} (default
 * 1,4,16), 10 x concurrency requests each.
 */
public class DatasetSimulation extends Simulation {
  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults().levels(1, 4, 16).outputTokens(128));
  private final String dataset =
      settings.prompts().dataset() != null ? settings.prompts().dataset() : "chat-dataset.jsonl";
  private final ConcurrencySteps steps = settings.concurrencySteps();

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final List<Map<String, Object>> records = run.dataset(dataset, settings);
  private final ChainBuilder chatRequest =
      feed(listFeeder(records).circular())
          .exec(
              chat("chat")
                  .messages("#{messages}")
                  // A record's own max_tokens wins.
                  .maxTokens(run.maxTokens(settings))
                  .ignoreEos(run.ignoreEos(false)));

  {
    run.announce(
        "dataset "
            + dataset
            + " ("
            + records.size()
            + " prompts), levels "
            + settings.closed().levels());
    setUp(steps.build("dataset", chatRequest, run.checks()))
        .protocols(run.http(), run.llm(steps.plannedLevels()))
        .assertions(run.assertions(global().failedRequests().percent().lt(1.0)));
  }

  @Override
  public void after() {
    run.close();
  }
}
