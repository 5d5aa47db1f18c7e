package dev.gatlingllm.real;

import static dev.gatlingllm.dsl.LlmDsl.embed;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/** Batches of 8 texts and single texts, from 2 users, to a llama-server started with embeddings. */
public class RealEmbeddingsSimulation extends Simulation {
  static final int USERS = 2;
  static final int REPEATS = 4;
  static final List<String> TEXTS =
      List.of(
          "Once upon a time",
          "there was a little girl",
          "she liked to play in the park",
          "one day she saw a big dog",
          "the dog was friendly",
          "they played all day",
          "the sun was warm",
          "the end");

  {
    setUp(
            scenario("real embeddings")
                .exec(
                    repeat(REPEATS)
                        .on(
                            embed("batch8").inputs(TEXTS),
                            embed("single").input("Once upon a time there was a cat")))
                .injectOpen(atOnceUsers(USERS)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("stories260K"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
