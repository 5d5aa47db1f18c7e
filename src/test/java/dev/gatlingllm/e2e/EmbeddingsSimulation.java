package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.embed;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.rerank;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * Embeddings batches of 8 texts, a batch of 4 drawn by a function, and a rerank of 5 documents,
 * each repeated by two users against the embedded simulator.
 */
public class EmbeddingsSimulation extends Simulation {
  static final List<String> TEXTS =
      List.of(
          "the quick brown fox",
          "jumps over the lazy dog",
          "a llama in the field",
          "vectors for search",
          "one more passage of text",
          "embeddings under load",
          "short",
          "the eighth text of the batch");
  static final String QUERY = "fast llama";
  static final List<String> DOCUMENTS =
      List.of(
          "a fast llama runs",
          "the slow tortoise",
          "llama wool is warm",
          "fast cars",
          "nothing relevant here");

  {
    int repeats = Integer.getInteger("test.repeats", 5);
    setUp(
            scenario("embeddings")
                .exec(
                    repeat(repeats)
                        .on(
                            embed("embed8").inputs(TEXTS).dimensions(16),
                            embed("batch4").input(session -> "drawn text").batchSize(4),
                            rerank("rerank5").query(QUERY).documents(DOCUMENTS).topN(3)))
                .injectOpen(atOnceUsers(2)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
