package dev.gatlingllm.simulations;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.embed;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static dev.gatlingllm.dsl.LlmDsl.tokenizer;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.dsl.agents.AgentSessions;
import dev.gatlingllm.dsl.agents.AgentTraces;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Every kind of request side by side, as a user writes them: a chat scenario of two request names,
 * an embeddings scenario of two request names on a second model, and agent sessions from the sample
 * trace, against {@code -Dtest.baseUrl}. Its report is checked by hand, kind by kind, in {@link
 * MixedKindsReportTest}.
 */
public class MixedKindsSimulation extends Simulation {
  static final int CHAT_USERS = 2;
  static final int EMBED_USERS = 2;
  static final int ROUNDS = 3;

  private final ScenarioBuilder chats =
      scenario("chats")
          .repeat(ROUNDS)
          .on(
              exec(chat("chat short").user("Say hi.").maxTokens(8).ignoreEos(true))
                  .exec(chat("chat long").user("Tell a story.").maxTokens(24).ignoreEos(true)));

  private final ScenarioBuilder embeddings =
      scenario("embeddings")
          .repeat(ROUNDS)
          .on(
              exec(embed("embed one").input("The quick brown fox."))
                  .exec(embed("embed batch").inputs(java.util.List.of("a llama", "an alpaca"))));

  private final ScenarioBuilder agents =
      scenario("agents")
          .exec(
              AgentSessions.chain(
                  "agent",
                  AgentTraces.read("agent-sessions-sample.jsonl"),
                  tokenizer("cl100k_base"),
                  AgentSessions.Options.defaults().request(r -> r.ignoreEos(true))));

  {
    String baseUrl = System.getProperty("test.baseUrl");
    setUp(
            chats
                .injectOpen(atOnceUsers(CHAT_USERS))
                .protocols(
                    http.baseUrl(baseUrl),
                    llm().model("chat-model").ttftSlo(Duration.ofSeconds(2))),
            agents
                .injectOpen(atOnceUsers(2))
                .protocols(
                    http.baseUrl(baseUrl),
                    llm().model("chat-model").ttftSlo(Duration.ofSeconds(2))),
            embeddings
                .injectOpen(atOnceUsers(EMBED_USERS))
                .protocols(
                    http.baseUrl(baseUrl),
                    llm().model("embedding-model").ttftSlo(Duration.ofSeconds(2))))
        .maxDuration(Duration.ofSeconds(60));
  }
}
