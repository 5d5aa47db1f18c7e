package dev.gatlingllm.workload;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LoadLevels;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A warm-up that lasts until the JVM has compiled the request path, rather than for a fixed number of requests.
 *
 * <p>Why: a fresh JVM interprets the code that reads each token event, then compiles it in the background; on a
 * machine with few cores the compiler threads take a large share of the CPU for tens of seconds at thousands of
 * events per second, and the event loops that timestamp the events wait behind them. Figures measured meanwhile
 * carry the client's own delay (seconds of TTFT at the tail, at 1,000 streams on two cores). The warm-up drives
 * the real requests at the given concurrency until the compilers have gone quiet: their CPU time over the last
 * second below {@link #QUIET_SHARE} of one core, for {@link #QUIET_SECONDS} seconds in a row, after at least
 * {@code minDuration}; or until {@code maxDuration}, whichever comes first.
 *
 * <p>One instance serves one warm-up: its clock starts with the first question. Thread-safe.
 */
public final class JitWarmup {
  /** The compilers' share of one core under which they count as quiet. */
  static final double QUIET_SHARE = 0.10;
  /** Consecutive quiet seconds that end the warm-up. */
  static final int QUIET_SECONDS = 2;

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

  private JitWarmup(int streams, Duration minDuration, Duration maxDuration, LongSupplier nanoClock,
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
   * A warm-up of {@code streams} concurrent streams lasting at most {@code maxDuration}, at least 3 s (or the
   * maximum when shorter), ending as soon as the JIT compilers are quiet.
   */
  public static JitWarmup of(int streams, Duration maxDuration) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    LongSupplier compiled = jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit::getTotalCompilationTime
        : () -> 0L; // no JIT figures: the warm-up runs its full duration
    return new JitWarmup(streams, Duration.ofSeconds(3), maxDuration, System::nanoTime, compiled);
  }

  /** For tests: explicit clocks. */
  static JitWarmup of(int streams, Duration minDuration, Duration maxDuration, LongSupplier nanoClock,
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
   * The warm-up's population, {@code <name> JIT warm-up}: {@link #streams()} users, started together or spread over
   * {@code ramp}, each running {@code oneRequest} until the warm-up is {@link #done()}; tagged as a warm-up, so
   * left out of every figure.
   */
  public PopulationBuilder population(String name, ChainBuilder oneRequest, Duration ramp) {
    return scenario(name + " JIT warm-up")
        .exec(LoadLevels.warmup())
        .asLongAs(session -> !done()).on(oneRequest)
        .injectOpen(ramp.isZero() || streams == 1 ? atOnceUsers(streams) : rampUsers(streams).during(ramp));
  }

  /**
   * Whether the warm-up is over; the first call starts its clock. Cheap enough to ask before every request:
   * the compilers' time is read at most once a second.
   */
  public synchronized boolean done() {
    if (done) {
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
        return finish(String.format(Locale.ROOT, "JIT compilers quiet (under %.0f %% of a core for %d s)",
            100 * QUIET_SHARE, QUIET_SECONDS), elapsed);
      }
    }
    if (elapsed >= maxDuration.toNanos()) {
      return finish("its maximum duration reached, JIT compilers still busy", elapsed);
    }
    return false;
  }

  /** Why the warm-up ended, or null while it runs. */
  public synchronized String endReason() {
    return reason;
  }

  private boolean finish(String why, long elapsedNanos) {
    done = true;
    reason = String.format(Locale.ROOT, "%.1f s, %s", elapsedNanos / 1e9, why);
    System.out.println("gatling-llm: warm-up of " + streams + (streams == 1 ? " stream" : " streams")
        + " ended after " + reason);
    return true;
  }
}
