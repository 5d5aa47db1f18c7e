package dev.gatlingllm.workload;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LoadLevels;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.metrics.aggregate.RateBudget;
import dev.gatlingllm.metrics.level.LevelWindow;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * An open-model load paced by a provider's budget, as hosted APIs meter it: requests arrive at the highest rate
 * both the requests-per-minute and the tokens-per-minute limits allow, and each one (each retry too, see
 * {@link Retry429}) is sent only when a {@link RatePacer} says that the last minute leaves room for it. Its
 * reserved send time is the request's scheduled start, so a request the client sends late shows as send
 * lateness, not as the server's latency. One level, lasting {@code duration}. Immutable.
 */
public final class RateLimits {
  private final RateBudget budget;
  private final Duration duration;
  private final long tokensPerRequest;
  private final RatePacer pacer;

  private RateLimits(RateBudget budget, Duration duration, long tokensPerRequest) {
    this.budget = budget;
    this.duration = duration;
    this.tokensPerRequest = tokensPerRequest;
    this.pacer = new RatePacer(budget);
  }

  /**
   * @param budget the provider's limits
   * @param duration how long requests arrive
   * @param tokensPerRequest what a typical request meters (its input + max output tokens): sets the arrival rate
   *     under a tokens-per-minute limit; each request is still paced by its own count
   */
  public static RateLimits of(RateBudget budget, Duration duration, long tokensPerRequest) {
    Objects.requireNonNull(budget, "budget");
    if (duration == null || duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException("duration must be positive, was " + duration);
    }
    if (tokensPerRequest < 1) {
      throw new IllegalArgumentException("tokens per request must be at least 1, was " + tokensPerRequest);
    }
    if (budget.tokensPerMinute() > 0 && tokensPerRequest > budget.tokensPerMinute()) {
      throw new IllegalArgumentException("one request meters " + tokensPerRequest + " tokens (input + max output),"
          + " more than the budget of " + budget.tokensPerMinute() + " tokens per minute");
    }
    return new RateLimits(budget, duration, tokensPerRequest);
  }

  /** Requests per second the budget allows for requests of {@code tokensPerRequest}. */
  public double arrivalRate() {
    double byRequests = budget.requestsPerMinute() > 0 ? budget.requestsPerMinute() / 60.0 : Double.MAX_VALUE;
    double byTokens = budget.tokensPerMinute() > 0
        ? budget.tokensPerMinute() / 60.0 / tokensPerRequest : Double.MAX_VALUE;
    return Math.min(byRequests, byTokens);
  }

  public RateBudget budget() {
    return budget;
  }

  /**
   * Waits for a send time within the budget, then marks it as the request's scheduled start: put it right before
   * each request (and each retry).
   *
   * @param meteredTokens the request's input + max output tokens, from its session (e.g. the fed prompt's length)
   */
  public ChainBuilder pace(ToLongFunction<Session> meteredTokens) {
    // A loop rather than one pause: Gatling shortens a pause by the time the user's previous actions took (its
    // "drift"), which would send the request before its reserved time.
    return exec(session -> session.set(SessionKeys.SCHEDULED_NANOS,
            pacer.reserve(System.nanoTime(), meteredTokens.applyAsLong(session))))
        .asLongAs(session -> untilReserved(session) > 0)
        .on(pause(session -> Duration.ofMillis((untilReserved(session) + 999_999) / 1_000_000)));
  }

  private static long untilReserved(Session session) {
    return session.getLong(SessionKeys.SCHEDULED_NANOS) - System.nanoTime();
  }

  /**
   * The population: arrivals at {@link #arrivalRate()} for the duration, each running {@code oneRequest} (which
   * should start with {@link #pace}), then {@code last} (e.g. {@code LlmChecks.population(...)}), or null.
   */
  public PopulationBuilder build(String name, ChainBuilder oneRequest, PopulationBuilder last) {
    PopulationBuilder load = scenario(name + " " + budget.describe())
        .exec(LoadLevels.startLevel(0))
        .exec(oneRequest)
        .injectOpen(constantUsersPerSec(arrivalRate()).during(duration));
    List<PopulationBuilder> chain = new ArrayList<>(List.of(load));
    if (last != null) {
      chain.add(last);
    }
    return LevelChain.sequential(chain);
  }

  /** The one level as the LLM report should expect it: pass to {@code llm().levels(...)}. */
  public List<LevelWindow> plannedLevels() {
    return List.of(LevelWindow.pending(0, 0, arrivalRate()));
  }
}
