package dev.gatlingllm.e2e;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.gatling.SessionKeys;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * After 20 warm-up requests (a cold JVM delays its loops too), two levels (two, then three streams)
 * against the simulator at {@code test.baseUrl}; in the second, every request is followed by a 40
 * ms sleep on the virtual user's event loop, the mistake the event-loop probe exists to expose.
 */
public class BlockedLoopSimulation extends Simulation {
  static final long BLOCK_MILLIS = 40;

  private final ChainBuilder oneRequest =
      exec(chat("chat").user("hi").maxTokens(5))
          .exec(
              session -> {
                if (session.getInt(SessionKeys.LEVEL) == 1) {
                  try {
                    Thread.sleep(BLOCK_MILLIS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }
                return session;
              });

  {
    ConcurrencySteps steps = ConcurrencySteps.of(2, 3).requestsPerLevel(20).warmupRequests(20);
    setUp(steps.build("blocked", oneRequest))
        .protocols(
            http.baseUrl(System.getProperty("test.baseUrl")),
            llm().model("m").levels(steps.plannedLevels()))
        .maxDuration(Duration.ofSeconds(60));
  }
}
