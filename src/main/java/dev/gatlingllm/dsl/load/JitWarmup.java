package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.crashLoadGeneratorIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LlmDsl;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A warm-up that lasts until the JVM has compiled the request path, rather than for a fixed number
 * of requests.
 *
 * <p>Why: a fresh JVM interprets the code that reads each token event, then compiles it in the
 * background; on a machine with few cores the compiler threads take a large share of the CPU for
 * tens of seconds at thousands of events per second, and the event loops that timestamp the events
 * wait behind them. Figures measured meanwhile carry the client's own delay (seconds of TTFT at the
 * tail, at 1,000 streams on two cores). The warm-up drives the real requests at the given
 * concurrency until the compilers have gone quiet: their CPU time over the last second below {@link
 * #QUIET_SHARE} of one core, for {@link #QUIET_SECONDS} seconds in a row, after at least {@code
 * minDuration}; or until {@code maxDuration}, whichever comes first.
 *
 * <p>One instance serves one warm-up: its clock starts with the first question. Thread-safe.
 */
public final class JitWarmup {
  /** The compilers' share of one core under which they count as quiet. */
  static final double QUIET_SHARE = 0.10;

  /** Consecutive quiet seconds that end the warm-up. */
  static final int QUIET_SECONDS = 2;

  /**
   * Failed requests, with none succeeded before them, that end the warm-up and the run: a target
   * that cannot answer once in so many tries is the wrong one (a closed port fails thousands of
   * times a second), and a run against it would measure nothing.
   */
  static final int FAILED_START = 20;

  private final int streams;
  private final Duration minDuration;
  private final Duration maxDuration;
  private final LongSupplier nanoClock;
  private final LongSupplier compileMillis;

  private long startNanos = -1;
  private long sampleNanos;
  private long sampleCompileMillis;
  private int quietSeconds;
  private boolean done;
  private String reason;
  private int failedFromStart;
  private boolean anySucceeded;
  private String failure;

  private JitWarmup(
      int streams,
      Duration minDuration,
      Duration maxDuration,
      LongSupplier nanoClock,
      LongSupplier compileMillis) {
    if (streams < 1) {
      throw new IllegalArgumentException("warm-up streams must be >= 1, was " + streams);
    }
    if (maxDuration == null || maxDuration.isNegative() || maxDuration.isZero()) {
      throw new IllegalArgumentException("warm-up duration must be positive, was " + maxDuration);
    }
    this.streams = streams;
    this.minDuration = minDuration.compareTo(maxDuration) > 0 ? maxDuration : minDuration;
    this.maxDuration = maxDuration;
    this.nanoClock = nanoClock;
    this.compileMillis = compileMillis;
  }

  /**
   * A warm-up of {@code streams} concurrent streams lasting at most {@code maxDuration}, at least 3
   * s (or the maximum when shorter), ending as soon as the JIT compilers are quiet.
   */
  public static JitWarmup of(int streams, Duration maxDuration) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    LongSupplier compiled =
        jit != null && jit.isCompilationTimeMonitoringSupported()
            ? jit::getTotalCompilationTime
            : () -> 0L; // no JIT figures: the warm-up runs its full duration
    return new JitWarmup(streams, Duration.ofSeconds(3), maxDuration, System::nanoTime, compiled);
  }

  /** For tests: explicit clocks. */
  static JitWarmup of(
      int streams,
      Duration minDuration,
      Duration maxDuration,
      LongSupplier nanoClock,
      LongSupplier compileMillis) {
    return new JitWarmup(streams, minDuration, maxDuration, nanoClock, compileMillis);
  }

  public int streams() {
    return streams;
  }

  public Duration maxDuration() {
    return maxDuration;
  }

  /**
   * Whether the warm-up is over; the first call starts its clock. Cheap enough to ask before every
   * request: the compilers' time is read at most once a second.
   */
  public synchronized boolean done() {
    if (done || failure != null) {
      return true;
    }
    long now = nanoClock.getAsLong();
    if (startNanos < 0) {
      startNanos = now;
      sampleNanos = now;
      sampleCompileMillis = compileMillis.getAsLong();
      return false;
    }
    long elapsed = now - startNanos;
    if (now - sampleNanos >= 1_000_000_000L) {
      long compiled = compileMillis.getAsLong();
      double share = (compiled - sampleCompileMillis) * 1e6 / (now - sampleNanos);
      quietSeconds = share < QUIET_SHARE ? quietSeconds + 1 : 0;
      sampleNanos = now;
      sampleCompileMillis = compiled;
      if (quietSeconds >= QUIET_SECONDS && elapsed >= minDuration.toNanos()) {
        return finish(
            String.format(
                Locale.ROOT,
                "JIT compilers quiet (under %.0f %% of a core for %d s)",
                100 * QUIET_SHARE,
                QUIET_SECONDS),
            elapsed);
      }
    }
    if (elapsed >= maxDuration.toNanos()) {
      return finish("its maximum duration reached, JIT compilers still busy", elapsed);
    }
    return false;
  }

  /**
   * The warm-up's population: {@link #streams()} users, started over {@code ramp}, each sending
   * {@code oneRequest} in a loop until the warm-up is {@link #done()} ({@link #requests}). Its
   * users are in no level ({@link LlmDsl#startWarmup()}), so their requests are in no figure and no
   * Gatling record.
   *
   * @param name the load model's scenario name prefix; the scenario is {@code <name> JIT warm-up}
   * @param oneRequest what one virtual user does for one request
   * @param ramp the time over which the users start (zero: all at once)
   */
  public PopulationBuilder population(String name, ChainBuilder oneRequest, Duration ramp) {
    return scenario(name + " JIT warm-up")
        .exec(LlmDsl.startWarmup())
        .exec(requests(oneRequest))
        .injectOpen(
            ramp.isZero() || streams == 1 ? atOnceUsers(streams) : rampUsers(streams).during(ramp));
  }

  /**
   * Counts one warm-up request's outcome; the first {@value #FAILED_START} all failing end the
   * warm-up ({@link #failure()}).
   *
   * @param ok whether the request succeeded
   * @param error its KO message, or null
   */
  public synchronized void record(boolean ok, String error) {
    if (ok) {
      anySucceeded = true;
    } else if (!anySucceeded && failure == null && ++failedFromStart >= FAILED_START) {
      failure =
          "the warm-up's first "
              + FAILED_START
              + " requests all failed"
              + (error == null || error.isBlank() ? "" : " (the last: " + error + ")")
              + ": check llm.baseUrl, llm.endpoint, llm.model and llm.apiKey";
      System.out.println("gatling-llm: " + failure + "; the run stops");
    }
  }

  /** Why the warm-up failed the run, or null while it has not. */
  public synchronized String failure() {
    return failure;
  }

  /**
   * The warm-up's requests: {@code oneRequest} again and again until {@link #done()}, each outcome
   * counted, then the end of the run when they all failed.
   *
   * @param oneRequest one request of the workload, saving its result under the default key {@code
   *     llm}
   * @return the chain a warm-up user runs
   */
  public ChainBuilder requests(ChainBuilder oneRequest) {
    ChainBuilder counted =
        exec(Session::markAsSucceeded)
            .exec(oneRequest)
            .exec(
                session -> {
                  record(!session.isFailed(), lastError(session));
                  return session;
                });
    return asLongAs(session -> !done())
        .on(counted)
        .exec(crashLoadGeneratorIf(session -> failure(), session -> failure() != null));
  }

  private static String lastError(Session session) {
    if (!session.contains("llm")) {
      return null;
    }
    Object error = session.getMap("llm").get("error");
    return error == null ? null : error.toString();
  }

  /** Why the warm-up ended, or null while it runs. */
  public synchronized String endReason() {
    return reason;
  }

  private boolean finish(String why, long elapsedNanos) {
    done = true;
    reason = String.format(Locale.ROOT, "%.1f s, %s", elapsedNanos / 1e9, why);
    System.out.println(
        "gatling-llm: warm-up of "
            + streams
            + (streams == 1 ? " stream" : " streams")
            + " ended after "
            + reason);
    return true;
  }
}
