package dev.gatlingllm.real;

import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.rerank;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/** A query against 5 documents, the top 3 asked, from 2 users, to a llama-server reranking. */
public class RealRerankSimulation extends Simulation {
  static final int USERS = 2;
  static final int REPEATS = 4;
  static final int TOP_N = 3;
  static final List<String> DOCUMENTS =
      List.of(
          "the dog ran in the park",
          "lily liked to play with her ball",
          "once upon a time there was a cat",
          "the sun was warm",
          "they played all day");

  {
    setUp(
            scenario("real rerank")
                .exec(
                    repeat(REPEATS)
                        .on(
                            rerank("rerank")
                                .query("a girl and a dog")
                                .documents(DOCUMENTS)
                                .topN(TOP_N)))
                .injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("stories260K"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
