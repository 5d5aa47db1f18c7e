package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.values.LevelWindow;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Open-model arrival rates, one level per rate, run one after the other: each arriving virtual user
 * sends one request. Arrivals are constant or Poisson (exponential gaps). An optional cap on
 * concurrent requests makes arrivals wait for a free stream; the wait counts as send lateness,
 * since the arrival time is recorded as the request's scheduled start. Immutable.
 */
public final class OpenRates {
  private final List<Double> rates;
  private final Duration levelDuration;
  private final boolean poisson;
  private final int maxConcurrency;
  private final long startAtEpochMillis;
  private final JitWarmup jitWarmup;

  private OpenRates(
      List<Double> rates,
      Duration levelDuration,
      boolean poisson,
      int maxConcurrency,
      long startAtEpochMillis,
      JitWarmup jitWarmup) {
    this.rates = rates;
    this.levelDuration = levelDuration;
    this.poisson = poisson;
    this.maxConcurrency = maxConcurrency;
    this.startAtEpochMillis = startAtEpochMillis;
    this.jitWarmup = jitWarmup;
  }

  /** Rates in requests per second, each lasting {@code levelDuration}. */
  public static OpenRates of(List<Double> rates, Duration levelDuration) {
    Objects.requireNonNull(rates, "rates");
    if (rates.isEmpty()) {
      throw new IllegalArgumentException("at least one request rate is needed");
    }
    for (double rate : rates) {
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new IllegalArgumentException("request rates must be positive, got " + rates);
      }
    }
    if (levelDuration == null || levelDuration.isZero() || levelDuration.isNegative()) {
      throw new IllegalArgumentException("level duration must be positive, was " + levelDuration);
    }
    return new OpenRates(List.copyOf(rates), levelDuration, false, 0, -1, null);
  }

  /** Poisson arrivals (randomized gaps around the rate) instead of evenly spaced ones. */
  public OpenRates poisson(boolean poisson) {
    return new OpenRates(
        rates, levelDuration, poisson, maxConcurrency, startAtEpochMillis, jitWarmup);
  }

  /**
   * At most this many requests in flight (0 = no cap); arrivals beyond it wait, and their wait is
   * measured.
   */
  public OpenRates maxConcurrency(int cap) {
    if (cap < 0) {
      throw new IllegalArgumentException("max concurrency must be >= 0, was " + cap);
    }
    return new OpenRates(rates, levelDuration, poisson, cap, startAtEpochMillis, jitWarmup);
  }

  /**
   * The first rate starts at this instant and not before, so that the injectors of a run shared by
   * several JVMs start together ({@link dev.gatlingllm.dsl.ready.InjectorSettings}).
   *
   * @param epochMillis the instant, or -1 to start at once
   */
  public OpenRates startAt(long epochMillis) {
    return new OpenRates(rates, levelDuration, poisson, maxConcurrency, epochMillis, jitWarmup);
  }

  /**
   * Before the first rate, closed-model users send requests until the JVM has compiled the request
   * path ({@link JitWarmup}), left out of every figure: without it the first rate is measured by a
   * client still interpreting its own code, and its late sends look like the server's queue.
   *
   * @param warmup the warm-up, or null for none
   */
  public OpenRates jitWarmup(JitWarmup warmup) {
    return new OpenRates(rates, levelDuration, poisson, maxConcurrency, startAtEpochMillis, warmup);
  }

  /**
   * The JIT warm-up's streams when the user names none: about the requests in flight at the first
   * rate when a request takes a second (its rate, rounded up), and never more than the cap on
   * concurrency.
   */
  public int warmupStreams() {
    int streams = (int) Math.ceil(rates.get(0));
    return maxConcurrency > 0 ? Math.min(streams, maxConcurrency) : streams;
  }

  public List<Double> rates() {
    return rates;
  }

  /** The populations, chained with {@code andThen}: pass the result to {@code setUp(...)}. */
  public PopulationBuilder build(String name, ChainBuilder oneRequest) {
    return build(name, oneRequest, null);
  }

  /**
   * The same, followed by {@code last} (e.g. {@code LlmDsl.llmChecks(...)}) once every level has
   * ended.
   *
   * @param last a population to run after the levels, or null
   */
  public PopulationBuilder build(String name, ChainBuilder oneRequest, PopulationBuilder last) {
    AtomicInteger inFlight = new AtomicInteger();
    List<PopulationBuilder> chain = new ArrayList<>();
    if (jitWarmup != null) {
      chain.add(jitWarmup.population(name, oneRequest, Duration.ZERO));
    }
    if (startAtEpochMillis >= 0) {
      chain.add(SharedStart.population(name, startAtEpochMillis));
    }
    for (int i = 0; i < rates.size(); i++) {
      int index = i;
      double rate = rates.get(i);
      // The arrival time first: whatever the user waits for afterwards counts as send lateness.
      ChainBuilder arrive =
          exec(session -> session.set(SessionKeys.SCHEDULED_NANOS, System.nanoTime()))
              .exec(LlmDsl.startLevel(index));
      ChainBuilder body =
          maxConcurrency > 0
              ? exec(asLongAs(session -> !tryAcquire(inFlight)).on(pause(Duration.ofMillis(1))))
                  .exec(oneRequest)
                  .exec(
                      session -> {
                        inFlight.decrementAndGet();
                        return session;
                      })
              : oneRequest;
      OpenInjectionStep step =
          poisson
              ? constantUsersPerSec(rate).during(levelDuration).randomized()
              : constantUsersPerSec(rate).during(levelDuration);
      String levelName = name + " " + rate + " req/s";
      chain.add(scenario(levelName).exec(arrive, body).injectOpen(step));
    }
    if (last != null) {
      chain.add(last);
    }
    return LevelChain.sequential(chain);
  }

  /** The levels as the LLM report should expect them: pass to {@code llm().levels(...)}. */
  public List<LevelWindow> plannedLevels() {
    List<LevelWindow> planned = new ArrayList<>();
    for (int i = 0; i < rates.size(); i++) {
      planned.add(LevelWindow.pending(i, 0, rates.get(i), levelDuration.toMillis()));
    }
    return List.copyOf(planned);
  }

  private boolean tryAcquire(AtomicInteger inFlight) {
    while (true) {
      int current = inFlight.get();
      if (current >= maxConcurrency) {
        return false;
      }
      if (inFlight.compareAndSet(current, current + 1)) {
        return true;
      }
    }
  }
}
