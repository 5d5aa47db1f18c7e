package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.embed;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.rerank;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * One request of each form, each to its own path of a scripted server, with the request calls all
 * builders share (model, header, body field, check).
 */
public class EmbeddingsWireSimulation extends Simulation {
  {
    setUp(
            scenario("wire")
                .exec(session -> session.set("passage", "hello world"))
                .exec(
                    embed("single")
                        .endpoint("/single")
                        .input("#{passage}")
                        .dimensions(8)
                        .encodingFormat("float")
                        // the calls chat(..) has, with their EL and function forms
                        .model(session -> "m-" + session.getString("passage").length())
                        .bodyField("user", "#{passage}")
                        .header("x-tenant", "t-#{passage}"),
                    embed("short")
                        .endpoint("/short")
                        .inputs(List.of("a", "b", "c", "d", "e", "f", "g", "h")),
                    rerank("rerank")
                        .endpoint("/rerank")
                        .query("q")
                        .documents(List.of("d1", "d2"))
                        .topN(1)
                        .header("x-tenant", "t-#{passage}")
                        .bodyField("return_documents", false),
                    rerank("checked")
                        .endpoint("/rerank")
                        .query("q")
                        .documents(List.of("d1", "d2"))
                        .check(answer -> "judged with " + answer.inputTokens() + " input tokens"),
                    rerank("badIndex").endpoint("/bad-index").query("q").documents(List.of("d1")))
                .injectOpen(atOnceUsers(1)))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(30));
  }
}
