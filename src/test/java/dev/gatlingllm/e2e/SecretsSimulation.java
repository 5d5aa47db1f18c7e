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
 * One virtual user per case of {@link SecretsEndToEndTest}'s echoing server, sending every kind of
 * secret a user can configure: the protocol's API key, a header on Gatling's {@code http} protocol,
 * a request header from the session (EL), a query parameter, and a secret-looking metadata label.
 */
public class SecretsSimulation extends Simulation {
  /** With characters that URL encoding and JSON escaping change. */
  static final String API_KEY = "sk-test-SECRET+12/3=ab";

  static final String PROTOCOL_HEADER = "az-PROTO-SECRET789";
  static final String SESSION_HEADER = "xk-SESSION-SECRET321";
  static final String QUERY_KEY = "q-QUERY-SECRET000";
  static final String METADATA_TOKEN = "hf-META-SECRET456";

  /**
   * Passwords in metadata values that are URLs or DSNs, under names that say nothing of a secret.
   */
  static final String METADATA_URL_PASSWORD = "mu-URLPW-SECRET654";

  static final String METADATA_DSN_PASSWORD = "md-DSNPW-SECRET987";
  static final String METADATA_URL_KEY = "mk-URLKEY-SECRET111";

  /** Every secret above holds this word, and nothing else a run writes does. */
  static final String MARK = "SECRET";

  /** The starts of the secrets: a message cut before its redaction would leave one of them. */
  static final java.util.List<String> PREFIXES =
      java.util.List.of(
          "sk-test",
          "az-PROTO",
          "xk-SESSION",
          "q-QUERY",
          "hf-META",
          "mu-URLPW",
          "md-DSNPW",
          "mk-URLKEY");

  /** Case name -> the session map the request saved. */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  private final List<String> cases = Arrays.asList(System.getProperty("test.cases").split(","));
  private final Iterator<Map<String, Object>> feeder =
      cases.stream().map(c -> Map.<String, Object>of("case", c, "xkey", SESSION_HEADER)).iterator();

  private final ScenarioBuilder echoes =
      scenario("echoes")
          .feed(feeder)
          .exec(
              chat("chat")
                  .endpoint("/#{case}?api_key=" + QUERY_KEY)
                  .user("hello")
                  .maxTokens(10)
                  .header("x-api-key", "#{xkey}"))
          .exec(
              session -> {
                RESULTS.put(session.getString("case"), session.getMap("llm"));
                return session;
              });

  {
    setUp(echoes.injectOpen(atOnceUsers(cases.size())))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")).header("api-key", PROTOCOL_HEADER),
            llm()
                .model("test-model")
                .apiKey(API_KEY)
                .metadata("HF_TOKEN", METADATA_TOKEN)
                .metadata(
                    "dashboard",
                    "http://admin:"
                        + METADATA_URL_PASSWORD
                        + "@grafana:3000/d/x?api_key="
                        + METADATA_URL_KEY
                        + "&orgId=1")
                .metadata(
                    "results_db",
                    "postgres://app:" + METADATA_DSN_PASSWORD + "@db.internal:5432/runs")
                .idleTimeout(Duration.ofSeconds(2))
                .timeout(Duration.ofSeconds(5)))
        .assertions(details("chat").allRequests().count().is((long) cases.size()))
        .maxDuration(Duration.ofSeconds(30));
  }
}
