package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.embed;
import static dev.gatlingllm.dsl.LlmDsl.rerank;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;

import dev.gatlingllm.dsl.EmbedActionBuilder;
import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.prompts.RandomPrompts;
import dev.gatlingllm.dsl.ready.ReadyRun;
import dev.gatlingllm.dsl.ready.Settings;
import dev.gatlingllm.dsl.ready.WorkloadSettings;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The concurrency sweep of an embeddings service (or, with {@code llm.rerankDocuments}, of a
 * reranker), as {@code vllm bench serve} runs it on a pooling model: each request embeds {@code
 * llm.embedBatchSize} random texts of {@code llm.inputTokens} tokens (with {@code
 * llm.embedDimensions} when set), closed-model steps of {@code llm.levels} concurrent clients each
 * sending {@code llm.requestsPerStream} requests. The report reads latency p50/p99 (E2EL),
 * requests/s, inputs/s and input tok/s per level, and the capacity under an {@code llm.e2elSlo}.
 *
 * <p>Defaults: levels 1,4,16,64; batches of 8 texts of 64 tokens; 10 requests per client. The texts
 * (256 of them) are made before the load, as the prompts of the chat sweeps are.
 */
public class EmbeddingSweepSimulation extends io.gatling.javaapi.core.Simulation {
  private static final int TEXTS = 256;

  private final WorkloadSettings settings =
      WorkloadSettings.fromSystemProperties(
          WorkloadSettings.defaults().levels(1, 4, 16, 64).inputTokens(64).requestsPerStream(10));
  private final Settings properties = Settings.fromSystemProperties();
  private final int batchSize = properties.wholeNumber("llm.embedBatchSize", 8);
  private final int dimensions = properties.wholeNumber("llm.embedDimensions", 0);
  private final int rerankDocuments = properties.wholeNumber("llm.rerankDocuments", 0);
  private final ConcurrencySteps steps = settings.concurrencySteps();

  // Read after the settings: a bad setting then fails the build before any embedded simulator
  // starts.
  private final ReadyRun run = ReadyRun.fromSystemProperties();
  private final List<String> texts = texts();

  {
    String kind =
        rerankDocuments > 0
            ? "rerank of " + rerankDocuments + " documents"
            : "embeddings in batches of " + batchSize;
    run.announcePooling(
        "embedding sweep "
            + settings.closed().levels()
            + ", "
            + kind
            + " of "
            + settings.prompts().inputTokens()
            + " tokens",
        rerankDocuments > 0);
    setUp(steps.build("sweep", io.gatling.javaapi.core.CoreDsl.exec(request()), run.checks()))
        .protocols(
            run.http(),
            run.llm(steps.plannedLevels())
                .inputTokens(settings.prompts().inputTokens())
                // Embeddings and rerank requests go to their own path whatever the protocol's
                // endpoint: the protocol names it, so that the report says where the load went.
                .endpoint(rerankDocuments > 0 ? "/v1/rerank" : "/v1/embeddings"))
        .assertions(
            run.assertions(
                global().failedRequests().percent().lt(1.0),
                details(rerankDocuments > 0 ? "rerank" : "embed")
                    .successfulRequests()
                    .count()
                    .gt(0L)));
  }

  /** One request: the embeddings batch, or the rerank, of texts drawn from the pool. */
  private ActionBuilder request() {
    if (rerankDocuments > 0) {
      return rerank("rerank")
          .query(session -> pick(1).get(0))
          .documents((Session session) -> pick(rerankDocuments));
    }
    EmbedActionBuilder embed = embed("embed").inputs((Session session) -> pick(batchSize));
    return dimensions > 0 ? embed.dimensions(dimensions) : embed;
  }

  /** {@code count} texts of the pool, at random: cheap, on the virtual user's event loop. */
  private List<String> pick(int count) {
    List<String> picked = new ArrayList<>(count);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < count; i++) {
      picked.add(texts.get(random.nextInt(texts.size())));
    }
    return picked;
  }

  /** The pool of random texts of exactly {@code llm.inputTokens} tokens each, made now. */
  private List<String> texts() {
    RandomPrompts prompts =
        new RandomPrompts(
            run.tokenizer(settings),
            settings.prompts().inputTokens(),
            settings.prompts().rangeRatio(),
            0,
            settings.prompts().seed());
    List<String> pool = new ArrayList<>(TEXTS);
    for (int i = 0; i < TEXTS; i++) {
      pool.add(prompts.next().text());
    }
    return List.copyOf(pool);
  }

  @Override
  public void after() {
    run.close();
  }
}
