package dev.gatlingllm.dsl.load;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.gatling.SessionKeys;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Drives {@link ConcurrencySteps} (levels 1, 3, 5, or repeated levels 2, 2, 1, 2) or {@link
 * OpenRates} (chosen by {@code test.model}: {@code steps}, {@code repeated} or {@code open})
 * against the server at {@code test.baseUrl}, recording each request's level and timing for {@link
 * LoadModelTest}.
 */
public class LoadModelSimulation extends Simulation {
  /** One request as the load model placed it. */
  public record Placed(int level, long startNanos, long endNanos, boolean ok, long userId) {}

  public static final List<Placed> PLACED = new CopyOnWriteArrayList<>();

  private final ChainBuilder oneRequest =
      exec(session -> session.set("t0", System.nanoTime()))
          .exec(chat("chat").user("hi").maxTokens(2))
          .exec(
              session -> {
                int level =
                    session.contains(SessionKeys.LEVEL) ? session.getInt(SessionKeys.LEVEL) : -2;
                PLACED.add(
                    new Placed(
                        level,
                        session.getLong("t0"),
                        System.nanoTime(),
                        Boolean.TRUE.equals(session.getMap("llm").get("ok")),
                        session.userId()));
                return session;
              });

  {
    String model = System.getProperty("test.model");
    var population =
        model.equals("steps")
            ? ConcurrencySteps.of(1, 3, 5)
                .requestsPerLevel(6)
                .warmupRequests(2)
                .build("steps", oneRequest)
            : model.equals("duration")
                ? ConcurrencySteps.of(2, 3)
                    .levelDuration(Duration.ofMillis(1500))
                    .build("duration", oneRequest)
                : model.equals("repeated")
                    ? ConcurrencySteps.of(2, 2, 1, 2)
                        .requestsPerLevel(2)
                        .build("repeated", oneRequest)
                    : OpenRates.of(
                            List.of(Double.parseDouble(System.getProperty("test.rate"))),
                            Duration.ofSeconds(Long.getLong("test.seconds")))
                        .poisson(Boolean.getBoolean("test.poisson"))
                        .build("open", oneRequest);
    setUp(population)
        .protocols(http.baseUrl(System.getProperty("test.baseUrl")), llm().model("m"))
        .maxDuration(Duration.ofSeconds(60));
  }
}
