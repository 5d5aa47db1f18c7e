package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.RateBudget;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * An open-model load paced by a provider's budget, as hosted APIs meter it: requests arrive at the
 * highest rate both the requests-per-minute and the tokens-per-minute limits allow, and each one
 * (each retry too, see {@link Retry429}) is sent only when a {@link RatePacer} says that the last
 * minute of actual sends leaves room for it. Its planned send time is the request's scheduled
 * start, so a request the client sends late shows as send lateness, not as the server's latency. An
 * optional JIT warm-up goes through the same pacer (the provider counts its requests too), then one
 * level, lasting {@code duration}. Immutable.
 */
public final class RateLimits {
  /** Long: when the request may be sent, planned by the pacer or after a refused send. */
  private static final String SEND_AT = "gatling-llm.rateLimits.sendAt";

  /** Long: the request's metered tokens, as reserved. */
  private static final String METERED_TOKENS = "gatling-llm.rateLimits.meteredTokens";

  /**
   * The longest request the warm-up's streams keep the budget busy with, when it decides their
   * number.
   */
  private static final double WARMUP_REQUEST_SECONDS = 2;

  private final RateBudget budget;
  private final Duration duration;
  private final long tokensPerRequest;
  private final Duration window;
  private final Duration margin;
  private final JitWarmup jitWarmup;

  /**
   * A request the provider already counted before the load ({@code {send nanoTime, metered
   * tokens}}), or null.
   */
  private final long[] sentBefore;

  private final RatePacer pacer;

  private RateLimits(
      RateBudget budget,
      Duration duration,
      long tokensPerRequest,
      Duration window,
      Duration margin,
      JitWarmup jitWarmup,
      long[] sentBefore) {
    this.budget = budget;
    this.duration = duration;
    this.tokensPerRequest = tokensPerRequest;
    this.window = window;
    this.margin = margin;
    this.jitWarmup = jitWarmup;
    this.sentBefore = sentBefore;
    this.pacer = new RatePacer(budget, window, margin);
    if (sentBefore != null) {
      pacer.trySend(sentBefore[0], sentBefore[1]);
    }
  }

  /**
   * The same with the provider's limits given as numbers.
   *
   * @param requestsPerMinute the provider's requests per minute, 0 for no limit
   * @param tokensPerMinute the provider's tokens per minute, 0 for no limit
   * @param duration how long requests arrive
   * @param tokensPerRequest what a typical request meters (its input + max output tokens)
   */
  public static RateLimits of(
      long requestsPerMinute, long tokensPerMinute, Duration duration, long tokensPerRequest) {
    return of(new RateBudget(requestsPerMinute, tokensPerMinute), duration, tokensPerRequest);
  }

  /**
   * @param budget the provider's limits
   * @param duration how long requests arrive
   * @param tokensPerRequest what a typical request meters (its input + max output tokens): sets the
   *     arrival rate under a tokens-per-minute limit; each request is still paced by its own count
   */
  public static RateLimits of(RateBudget budget, Duration duration, long tokensPerRequest) {
    Objects.requireNonNull(budget, "budget");
    if (duration == null || duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException("duration must be positive, was " + duration);
    }
    if (tokensPerRequest < 1) {
      throw new IllegalArgumentException(
          "tokens per request must be at least 1, was " + tokensPerRequest);
    }
    if (budget.tokensPerMinute() > 0 && tokensPerRequest > budget.tokensPerMinute()) {
      throw new IllegalArgumentException(
          "one request meters "
              + tokensPerRequest
              + " tokens (input + max output),"
              + " more than the budget of "
              + budget.tokensPerMinute()
              + " tokens per minute");
    }
    return new RateLimits(
        budget, duration, tokensPerRequest, RatePacer.MINUTE, RatePacer.DEFAULT_MARGIN, null, null);
  }

  /**
   * The span the budget is counted over: a minute (the default) for providers' per-minute limits;
   * shorter only to test the pacing in seconds.
   */
  public RateLimits window(Duration window) {
    return new RateLimits(
        budget, duration, tokensPerRequest, window, margin, jitWarmup, sentBefore);
  }

  /**
   * Room for the variation of the delay between a send and its arrival at the provider (a new
   * connection, the network): every window is judged over the minute plus this margin (default
   * {@link RatePacer#DEFAULT_MARGIN}).
   */
  public RateLimits margin(Duration margin) {
    return new RateLimits(
        budget, duration, tokensPerRequest, window, margin, jitWarmup, sentBefore);
  }

  /**
   * Before the level, {@code warmup.streams()} users send requests, paced like the level's, until
   * the JVM has compiled the request path ({@link JitWarmup}); left out of every figure, but
   * counted by the provider, hence by the pacer.
   *
   * @param warmup the warm-up, or null for none
   */
  public RateLimits jitWarmup(JitWarmup warmup) {
    return new RateLimits(budget, duration, tokensPerRequest, window, margin, warmup, sentBefore);
  }

  /**
   * A request sent before the load (the target check, {@link dev.gatlingllm.dsl.ready.TargetProbe})
   * that the provider counts in its minute: the pacer counts it too, so that the first minute of
   * arrivals holds no more than the budget.
   *
   * @param sentNanos its {@link System#nanoTime()} when sent
   * @param tokens its metered tokens
   */
  public RateLimits sentBefore(long sentNanos, long tokens) {
    return new RateLimits(
        budget,
        duration,
        tokensPerRequest,
        window,
        margin,
        jitWarmup,
        new long[] {sentNanos, tokens});
  }

  /**
   * Requests per second the budget allows for requests of {@code tokensPerRequest}, over the window
   * and margin.
   */
  public double arrivalRate() {
    double span = window.plus(margin).toNanos() / 1e9;
    double byRequests =
        budget.requestsPerMinute() > 0 ? budget.requestsPerMinute() / span : Double.MAX_VALUE;
    double byTokens =
        budget.tokensPerMinute() > 0
            ? budget.tokensPerMinute() / span / tokensPerRequest
            : Double.MAX_VALUE;
    return Math.min(byRequests, byTokens);
  }

  /**
   * Streams for a JIT warm-up that keep the budget busy with requests of up to 2 s: the pacer
   * spaces them, so more would only queue for it, and a warm-up ending leaves at most that many
   * paced requests to run.
   */
  public int warmupStreams() {
    return (int) Math.max(1, Math.ceil(arrivalRate() * WARMUP_REQUEST_SECONDS));
  }

  /** For tests: the pacer this load model sends through. */
  RatePacer pacer() {
    return pacer;
  }

  public RateBudget budget() {
    return budget;
  }

  /**
   * Waits for a send time within the budget, then marks it as the request's scheduled start: put it
   * right before each request (and each retry). The request is sent right after this chain, on the
   * same event loop: the pacer judges its windows on the time this chain ends, not on the time it
   * planned.
   *
   * @param meteredTokens the request's input + max output tokens, from its session (e.g. the fed
   *     prompt's length)
   */
  public ChainBuilder pace(ToLongFunction<Session> meteredTokens) {
    // A loop rather than one pause: Gatling shortens a pause by the time the user's previous
    // actions took (its "drift"), which would send the request before its time; and a send the
    // pacer refuses waits again.
    return exec(session -> {
          long tokens = meteredTokens.applyAsLong(session);
          long planned = pacer.reserve(System.nanoTime(), tokens);
          return session
              .set(SessionKeys.SCHEDULED_NANOS, planned)
              .set(SEND_AT, planned)
              .set(METERED_TOKENS, tokens);
        })
        .asLongAs(session -> session.contains(SEND_AT))
        .on(
            pause(
                    session ->
                        Duration.ofMillis(
                            Math.max(
                                0,
                                (session.getLong(SEND_AT) - System.nanoTime() + 999_999)
                                    / 1_000_000)))
                .exec(this::trySend));
  }

  /**
   * At or after the send time: asks the pacer, and either goes on to the request or waits as long
   * as it says.
   */
  private Session trySend(Session session) {
    long now = System.nanoTime();
    if (now < session.getLong(SEND_AT)) {
      return session;
    }
    long wait = pacer.trySend(now, session.getLong(METERED_TOKENS));
    return wait == 0
        ? session.remove(SEND_AT).remove(METERED_TOKENS)
        : session.set(SEND_AT, now + wait);
  }

  /**
   * The population: arrivals at {@link #arrivalRate()} for the duration, each running {@code
   * oneRequest} (which should start with {@link #pace}), then {@code last} (e.g. {@code
   * LlmDsl.llmChecks(...)}), or null.
   */
  public PopulationBuilder build(String name, ChainBuilder oneRequest, PopulationBuilder last) {
    List<PopulationBuilder> chain = new ArrayList<>();
    if (jitWarmup != null) {
      chain.add(jitWarmup.population(name, oneRequest, Duration.ZERO));
    }
    PopulationBuilder load =
        scenario(name + " " + budget.describe())
            .exec(LlmDsl.startLevel(0))
            .exec(oneRequest)
            .injectOpen(constantUsersPerSec(arrivalRate()).during(duration));
    chain.add(load);
    if (last != null) {
      chain.add(last);
    }
    return LevelChain.sequential(chain);
  }

  /** The one level as the LLM report should expect it: pass to {@code llm().levels(...)}. */
  public List<LevelWindow> plannedLevels() {
    return List.of(LevelWindow.pending(0, 0, arrivalRate(), duration.toMillis()));
  }
}
