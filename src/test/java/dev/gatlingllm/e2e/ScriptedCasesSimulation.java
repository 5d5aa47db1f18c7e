package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
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
 * One virtual user per scripted server case; each saves what the plugin put in its session so the
 * test can check it. Driven by system properties set by {@link ChatActionEndToEndTest}.
 */
public class ScriptedCasesSimulation extends Simulation {
  public static final int TIMED_REQUESTS = 5;

  /** The session maps of the timed requests, in order. */
  public static final List<Map<String, Object>> TIMED =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  /** Case name -> the session map the request saved. */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  /** Case name -> the session map of the follow-up request (multi-turn through EL). */
  public static final Map<String, Map<String, Object>> FOLLOW_UPS = new ConcurrentHashMap<>();

  private final List<String> cases = Arrays.asList(System.getProperty("test.cases").split(","));
  private final Iterator<Map<String, Object>> feeder =
      cases.stream().map(c -> Map.<String, Object>of("case", c)).iterator();

  private final ScenarioBuilder brokenCases =
      scenario("cases")
          .feed(feeder)
          .exec(
              chat("chat")
                  .endpoint("/#{case}")
                  .system("be brief")
                  .user("hello")
                  .maxTokens(10)
                  .ignoreEos(true))
          .exec(
              session -> {
                RESULTS.put(session.getString("case"), session.getMap("llm"));
                return session;
              });

  /**
   * Timed requests run alone, once every broken case has ended (the last, the endless stream, at
   * the 3 s overall timeout), so that no other stream, timeout or KO competes with them.
   */
  private final ScenarioBuilder timing =
      scenario("timing")
          // Two untimed requests first: the JVM compiles the hot path during them, not during the
          // timed ones.
          .repeat(2)
          .on(exec(chat("warm-up").endpoint("/timing").user("hello").maxTokens(10)))
          .repeat(TIMED_REQUESTS)
          .on(
              // saveItl() before saveAs(): the key changes, the gaps are still saved
              exec(chat("chat")
                      .endpoint("/timing")
                      .system("be brief")
                      .user("hello")
                      .maxTokens(10)
                      .ignoreEos(true)
                      .saveItl()
                      .saveAs("llm"))
                  .exec(
                      session -> {
                        TIMED.add(session.getMap("llm"));
                        return session;
                      }))
          .exec(
              chat("follow-up")
                  .endpoint("/follow-up")
                  .user("hello")
                  .assistant("#{llm.content}")
                  .user("and then?")
                  .saveAs("second")
                  .maxTokens(5))
          .exec(
              session -> {
                FOLLOW_UPS.put("timing", session.getMap("second"));
                return session;
              });

  /**
   * A stream WireMock dribbles out in arbitrary byte slices: events and characters cut anywhere.
   */
  private final ScenarioBuilder dribble =
      scenario("dribble")
          .exec(chat("dribble").endpoint("/v1/chat/completions").user("hello").maxTokens(10))
          .exec(
              session -> {
                RESULTS.put("dribble", session.getMap("llm"));
                return session;
              });

  {
    int users = cases.size();
    setUp(
            brokenCases.injectOpen(atOnceUsers(users)),
            timing.injectOpen(nothingFor(Duration.ofMillis(3_500)), atOnceUsers(1)),
            dribble
                .injectOpen(atOnceUsers(1))
                .protocols(
                    http.baseUrl(System.getProperty("test.wiremockUrl")),
                    llm().model("test-model")))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            // No SLOs: the run's SLOs are the first protocol's, and WireMock's 500 ms over ten
            // events puts the dribbled stream's TPOT at the default 50 ms, so an "SLO miss" record
            // would come and go with the machine's load.
            llm()
                .model("test-model")
                .noSlos()
                .apiKey("sk-secret-123")
                .idleTimeout(Duration.ofMillis(Long.getLong("test.idleMs", 1_000)))
                .timeout(Duration.ofMillis(Long.getLong("test.timeoutMs", 3_000))))
        .assertions(
            // Sent = OK + KO, for both records of every request.
            details("chat").allRequests().count().is((long) users + TIMED_REQUESTS),
            details("chat").failedRequests().count().is((long) users),
            details("chat TTFT").allRequests().count().is((long) users + TIMED_REQUESTS),
            details("follow-up").successfulRequests().count().is(1L),
            details("dribble").successfulRequests().count().is(1L),
            global().allRequests().count().is(2L * (users + TIMED_REQUESTS + 4)))
        .maxDuration(Duration.ofSeconds(30));
  }
}
