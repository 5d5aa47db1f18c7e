package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.dsl.LlmProtocolBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One virtual user per fault case, each sent to its own absolute URL (a scripted server path, a
 * closed port, an unresolvable host, an HTTPS server), saving what the plugin put in its session.
 * Driven by the system property {@code test.faults} ({@code name=url;name=url...}) set by {@link
 * FaultCatalogueEndToEndTest}; kept apart from {@link ScriptedCasesSimulation} so that neither
 * run's counts depend on the other's cases.
 *
 * <p>Three cases need a scenario of their own: a server that closes the connection after each
 * response (one user, {@code test.reuseRequests} requests back to back on what the pool believes is
 * a kept-alive connection), a server that closes connections left idle while the user thinks, and
 * HTTP/2 ({@code enableHttp2()} on the user's {@code http} protocol).
 *
 * <p>The cases start together after a warm-up ({@code test.warmUpUrls}, one request each, plain and
 * HTTP/2): a cold JVM loads the classes of TLS, HTTP/2 and the error paths on the event loops,
 * which on a busy machine holds them for seconds, longer than the cases' idle timeout.
 */
public class FaultCatalogueSimulation extends Simulation {
  /**
   * Case name -> the session map the request saved, put by the action after it (so: the user went
   * on).
   */
  public static final Map<String, Map<String, Object>> RESULTS = new ConcurrentHashMap<>();

  /** The session maps of the requests to the server that closes after each response, in order. */
  public static final List<Map<String, Object>> REUSE = new CopyOnWriteArrayList<>();

  /** The session maps of the requests to the server that closes connections left idle, in order. */
  public static final List<Map<String, Object>> IDLE_CLOSED = new CopyOnWriteArrayList<>();

  /**
   * The session maps of the two requests of the user whose kept-alive connection is reset, in
   * order.
   */
  public static final List<Map<String, Object>> RESET_ON_REUSE = new CopyOnWriteArrayList<>();

  private final List<String[]> cases =
      Arrays.stream(System.getProperty("test.faults").split(";"))
          .map(c -> c.split("=", 2))
          .toList();
  private final Iterator<Map<String, Object>> feeder =
      cases.stream().map(c -> Map.<String, Object>of("case", c[0], "url", c[1])).iterator();
  private final int reuseRequests = Integer.getInteger("test.reuseRequests", 10);
  private final List<String> warmUpUrls =
      Arrays.asList(System.getProperty("test.warmUpUrls").split(";"));

  private static LlmProtocolBuilder llmProtocol() {
    return llm()
        .model("test-model")
        .idleTimeout(Duration.ofMillis(Long.getLong("test.idleMs", 1_000)))
        .timeout(Duration.ofMillis(Long.getLong("test.timeoutMs", 3_000)));
  }

  {
    var warmUp =
        scenario("warm-up")
            .foreach(warmUpUrls, "url")
            .on(exec(chat("warm-up").endpoint("#{url}").user("hello").maxTokens(10)))
            .injectOpen(atOnceUsers(1));
    var warmUpHttp2 =
        scenario("warm-up h2")
            .exec(
                chat("warm-up")
                    .endpoint(System.getProperty("test.h2Url"))
                    .user("hello")
                    .maxTokens(10))
            .injectOpen(atOnceUsers(1))
            .protocols(http.baseUrl("http://127.0.0.1:9").enableHttp2(), llmProtocol());
    setUp(
            warmUp
                .andThen(warmUpHttp2)
                .andThen(
                    scenario("faults")
                        .feed(feeder)
                        .exec(chat("fault").endpoint("#{url}").user("hello").maxTokens(10))
                        .exec(
                            session -> {
                              RESULTS.put(session.getString("case"), session.getMap("llm"));
                              return session;
                            })
                        .injectOpen(atOnceUsers(cases.size())),
                    scenario("reuse")
                        .repeat(reuseRequests)
                        .on(
                            exec(chat("reuse")
                                    .endpoint(System.getProperty("test.reuseUrl"))
                                    .user("hello")
                                    .maxTokens(10))
                                .exec(
                                    session -> {
                                      REUSE.add(session.getMap("llm"));
                                      return session;
                                    }))
                        .injectOpen(atOnceUsers(1)),
                    // A think time longer than the server keeps an idle connection: each request
                    // finds its pooled connection closed by the server while it waited.
                    scenario("idle-closed")
                        .repeat(reuseRequests)
                        .on(
                            exec(chat("idle-closed")
                                    .endpoint(System.getProperty("test.idleCloseUrl"))
                                    .user("hello")
                                    .maxTokens(10))
                                .exec(
                                    session -> {
                                      IDLE_CLOSED.add(session.getMap("llm"));
                                      return session;
                                    })
                                .pause(Duration.ofMillis(Long.getLong("test.thinkMs", 300))))
                        .injectOpen(atOnceUsers(1)),
                    // A first request leaves its connection kept alive; the server resets it as
                    // soon as it has read the second request sent on it.
                    scenario("reset-on-reuse")
                        .foreach(
                            List.of(
                                System.getProperty("test.keptAliveUrl"),
                                System.getProperty("test.resetOnReuseUrl")),
                            "url")
                        .on(
                            exec(chat("reset-on-reuse")
                                    .endpoint("#{url}")
                                    .user("hello")
                                    .maxTokens(10))
                                .exec(
                                    session -> {
                                      RESET_ON_REUSE.add(session.getMap("llm"));
                                      return session;
                                    }))
                        .injectOpen(atOnceUsers(1)),
                    scenario("h2")
                        .exec(
                            chat("h2")
                                .endpoint(System.getProperty("test.h2Url"))
                                .user("hello")
                                .maxTokens(10))
                        .exec(
                            session -> {
                              RESULTS.put("http2", session.getMap("llm"));
                              return session;
                            })
                        .injectOpen(atOnceUsers(1))
                        .protocols(
                            http.baseUrl("http://127.0.0.1:9").enableHttp2(), llmProtocol())))
        .protocols(
            // Every case's URL is absolute: the base URL is never used.
            http.baseUrl("http://127.0.0.1:9"), llmProtocol())
        // Sent = OK + KO: one record per request, whatever became of it (Gatling counts them from
        // its log).
        .assertions(
            details("fault").allRequests().count().is((long) cases.size()),
            details("reuse").allRequests().count().is((long) reuseRequests),
            details("idle-closed").allRequests().count().is((long) reuseRequests),
            details("h2").allRequests().count().is(1L),
            details("reset-on-reuse").allRequests().count().is(2L),
            details("warm-up").allRequests().count().is(warmUpUrls.size() + 1L))
        .maxDuration(Duration.ofSeconds(30));
  }
}
