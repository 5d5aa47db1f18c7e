package dev.gatlingllm.hosted;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One request per way of asking a hosted API (driven by {@link HostedApiEndToEndTest}): the
 * self-hosted habit ({@code max_tokens} with {@code ignore_eos}), {@code max_tokens} alone, and
 * what OpenAI's current models take ({@code max_completion_tokens}, no {@code ignore_eos}); each
 * saves its session map under its name.
 */
public class HostedApiSimulation extends Simulation {
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  private static ScenarioBuilder one(String name, boolean ignoreEos) {
    return scenario(name)
        .exec(chat(name).user("hello").maxTokens(10).ignoreEos(ignoreEos))
        .exec(
            session -> {
              RESULTS.put(name, session.getMap("llm"));
              return session;
            });
  }

  {
    String url = System.getProperty("test.wiremockUrl");
    setUp(
            one("self-hosted habit", true)
                .injectOpen(atOnceUsers(1))
                .protocols(http.baseUrl(url), llm().model("gpt-test")),
            one("max_tokens", false)
                .injectOpen(atOnceUsers(1))
                .protocols(http.baseUrl(url), llm().model("gpt-test")),
            one("max_completion_tokens", false)
                .injectOpen(atOnceUsers(1))
                .protocols(
                    http.baseUrl(url),
                    llm().model("gpt-test").maxTokensField("max_completion_tokens")))
        .maxDuration(Duration.ofSeconds(30));
  }
}
