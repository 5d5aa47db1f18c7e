package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
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
 * {@code test.users} concurrent streams, each sending requests back to back, every request named
 * with an {@code x-request-id} so that {@link GroundTruthFidelityTest} can join what the client
 * measured with what the simulator wrote ({@code test.runTag} keeps the ids of two runs apart). The
 * first request of each user opens its connection and is not kept.
 */
public class FidelitySimulation extends Simulation {
  /** Request id -> the session map the plugin saved for it (measured requests only). */
  public static final Map<String, Map<String, Object>> MEASURED = new ConcurrentHashMap<>();

  private final int users = Integer.getInteger("test.users");
  private final int requests = Integer.getInteger("test.requests");
  private final int tokens = Integer.getInteger("test.tokens");
  private final String runTag = System.getProperty("test.runTag");

  private ChainBuilder request(boolean measured) {
    return exec(session ->
            session.set("rid", runTag + "-" + session.userId() + "-" + session.getInt("n")))
        .exec(
            chat("chat")
                .header(LlmSimulator.CLIENT_REQUEST_ID_HEADER, "#{rid}")
                .user("hello")
                .maxTokens(tokens)
                .ignoreEos(true)
                .saveItl())
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
          .exec(request(false))
          .repeat(requests)
          .on(request(true));

  {
    setUp(streams.injectOpen(rampUsers(users).during(Duration.ofSeconds(2))))
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("sim").noReport())
        .assertions(global().failedRequests().count().is(0L))
        .maxDuration(Duration.ofSeconds(60));
  }
}
