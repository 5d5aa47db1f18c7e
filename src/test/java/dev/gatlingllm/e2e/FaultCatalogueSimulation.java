package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One virtual user per fault case, each sent to its own absolute URL (a scripted server path, a closed port,
 * an unresolvable host, an HTTPS server), saving what the plugin put in its session. Driven by the system
 * property {@code test.faults} ({@code name=url;name=url...}) set by {@link FaultCatalogueEndToEndTest}; kept
 * apart from {@link ScriptedCasesSimulation} so that neither run's counts depend on the other's cases.
 */
public class FaultCatalogueSimulation extends Simulation {
  /** Case name -> the session map the request saved, put by the action after it (so: the user went on). */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  private final List<String[]> cases = Arrays.stream(System.getProperty("test.faults").split(";"))
      .map(c -> c.split("=", 2)).toList();
  private final Iterator<Map<String, Object>> feeder =
      cases.stream().map(c -> Map.<String, Object>of("case", c[0], "url", c[1])).iterator();

  {
    setUp(
            scenario("faults")
                .feed(feeder)
                .exec(chat("fault").endpoint("#{url}").user("hello").maxTokens(10))
                .exec(session -> {
                  RESULTS.put(session.getString("case"), session.getMap("llm"));
                  return session;
                })
                .injectOpen(atOnceUsers(cases.size())))
        .protocols(
            // Every case's URL is absolute: the base URL is never used.
            http.baseUrl("http://127.0.0.1:9"),
            llm().model("test-model")
                .idleTimeout(Duration.ofMillis(Long.getLong("test.idleMs", 1_000)))
                .timeout(Duration.ofMillis(Long.getLong("test.timeoutMs", 3_000))))
        // Sent = OK + KO: one record per case, whatever became of it.
        .assertions(details("fault").allRequests().count().is((long) cases.size()))
        .maxDuration(Duration.ofSeconds(30));
  }
}
