package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code test.users} users speaking the dialect {@code test.dialect} to the simulator, each sending
 * warm-up requests and then {@code test.requests} measured ones, every request named with an {@code
 * x-request-id} so that {@link DialectsEndToEndTest} joins what the client measured with what the
 * simulator wrote.
 */
public class DialectsSimulation extends Simulation {
  /** Request id -> the session map the plugin saved for it (measured requests only). */
  public static final Map<String, Map<String, Object>> MEASURED = new ConcurrentHashMap<>();

  /**
   * Requests per user before the measured ones: the first opens the connection, all warm the new
   * code up.
   */
  private static final int WARM_UP_REQUESTS = 3;

  private final String dialect = System.getProperty("test.dialect");
  private final int users = Integer.getInteger("test.users");
  private final int requests = Integer.getInteger("test.requests");
  private final int tokens = Integer.getInteger("test.tokens");

  private ChainBuilder request(boolean measured) {
    return exec(session ->
            session.set("rid", dialect + "-" + session.userId() + "-" + session.getInt("n")))
        .exec(
            chat("chat")
                .header(LlmSimulator.CLIENT_REQUEST_ID_HEADER, "#{rid}")
                .header(LlmSimulator.FAULT_HEADER, System.getProperty("test.fault", ""))
                .system("Answer briefly.")
                .user("Tell me a story about a lighthouse.")
                .maxTokens(tokens)
                .bodyField("ignore_eos", true))
        .exec(
            session -> {
              if (measured) {
                MEASURED.put(session.getString("rid"), session.getMap("llm"));
              }
              return session.set("n", session.getInt("n") + 1);
            });
  }

  private final ScenarioBuilder streams =
      scenario("streams")
          .exec(session -> session.set("n", 0))
          .repeat(WARM_UP_REQUESTS)
          .on(request(false))
          .repeat(requests)
          .on(request(true));

  {
    setUp(streams.injectOpen(atOnceUsers(users)))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().dialect(dialect).model("sim").apiKey("sk-dialect-test").noReport())
        .assertions(global().failedRequests().count().is(0L))
        .maxDuration(Duration.ofSeconds(60));
  }
}
