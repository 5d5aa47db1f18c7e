package dev.gatlingllm.hosted;

import static dev.gatlingllm.dsl.LlmDsl.chat;
import static dev.gatlingllm.dsl.LlmDsl.llm;
import static io.gatling.javaapi.http.HttpDsl.http;

import dev.gatlingllm.dsl.load.RateLimits;
import dev.gatlingllm.dsl.load.Retry429;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.values.RateBudget;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;

/**
 * Ten requests paced at 610 per minute (spread over the minute and the pacer's 1 s margin: ten a
 * second) against the simulator; the first attempt of every odd user is turned away with 429 and
 * {@code Retry-After: 1}, user 2's with {@code Retry-After: 30}, which the 2 s cap cuts short.
 * Driven by {@link RateLimitRetryEndToEndTest}.
 */
public class RateLimitRetrySimulation extends io.gatling.javaapi.core.Simulation {
  /** Retries wait at most this long, whatever the server asks. */
  public static final Duration MAX_WAIT = Duration.ofSeconds(2);

  static String fault(Session session) {
    if (session.contains(Retry429.RETRIES) && session.getInt(Retry429.RETRIES) > 0) {
      return "";
    }
    if (session.userId() == 2) {
      return "status=429;retry-after=30";
    }
    return session.userId() % 2 == 1 ? "status=429;retry-after=1" : "";
  }

  {
    RateLimits limits = RateLimits.of(new RateBudget(610, 0), Duration.ofSeconds(1), 20);
    ChainBuilder attempt =
        limits
            .pace(session -> 20)
            .exec(
                chat("chat")
                    .user("hello")
                    .maxTokens(4)
                    .ignoreEos(true)
                    .header(LlmSimulator.FAULT_HEADER, RateLimitRetrySimulation::fault));
    setUp(limits.build("paced", Retry429.around(attempt, "llm", 2, MAX_WAIT), null))
        .protocols(
            http.baseUrl(System.getProperty("test.simulatorUrl")),
            llm()
                .model("sim")
                .tokenizer("cl100k_base")
                .levels(limits.plannedLevels())
                .rateBudget(610, 0))
        .maxDuration(Duration.ofSeconds(30));
  }
}
