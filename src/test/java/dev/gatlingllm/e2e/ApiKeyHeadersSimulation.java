package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A dialect whose key goes in its own header ({@code test.dialect}: azure-openai, anthropic),
 * configured as a user would, one user per path of {@code test.paths} (with their query strings).
 */
public class ApiKeyHeadersSimulation extends Simulation {
  static final String API_KEY = "key-SECRET42-xyz";

  /** Path -> the session map the request saved. */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  private final List<String> paths = Arrays.asList(System.getProperty("test.paths").split(","));
  private final Iterator<Map<String, Object>> feeder =
      paths.stream().map(p -> Map.<String, Object>of("path", p)).iterator();

  private final ScenarioBuilder chats =
      scenario("keys")
          .feed(feeder)
          .exec(chat("chat").endpoint("#{path}").user("hello").maxTokens(10))
          .exec(
              session -> {
                RESULTS.put(session.getString("path"), session.getMap("llm"));
                return session;
              });

  {
    setUp(chats.injectOpen(atOnceUsers(paths.size())))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm()
                .dialect(System.getProperty("test.dialect"))
                .model("m")
                .apiKey(API_KEY)
                .timeout(Duration.ofSeconds(30)))
        .assertions(details("chat").allRequests().count().is((long) paths.size()))
        .maxDuration(Duration.ofSeconds(60));
  }
}
