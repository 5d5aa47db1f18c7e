package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;

/**
 * The wait before the first level of a run shared by several injectors ({@link
 * dev.gatlingllm.dsl.ready.InjectorSettings}): one user that pauses until the shared start, chained
 * before the levels so that they start then, on every injector at once.
 */
final class SharedStart {
  private SharedStart() {}

  /** The waiting population; an injector that arrives after the instant says by how much. */
  static PopulationBuilder population(String name, long startAtEpochMillis) {
    return scenario(name + " shared start")
        .exec(
            session -> {
              long late = System.currentTimeMillis() - startAtEpochMillis;
              if (late > 0) {
                System.out.println(
                    "gatling-llm: this injector reached the shared start "
                        + late
                        + " ms late (llm.injector.startAt): its levels are not aligned with the other injectors'");
              }
              return session;
            })
        .pause(
            session ->
                Duration.ofMillis(Math.max(0, startAtEpochMillis - System.currentTimeMillis())))
        .injectOpen(atOnceUsers(1));
  }
}
