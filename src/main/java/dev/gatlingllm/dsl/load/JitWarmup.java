package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.crashLoadGeneratorIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.action.SessionResults;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
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
 * <p>Its requests are real ones, and a hosted API bills them: before it starts it says on the
 * console how many streams it runs, for how long at most and how to turn it off, and after it how
 * many requests and tokens it sent. A bound on its requests ({@link #of(int, Duration, int)}) caps
 * what it can cost whatever the compilers do.
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
  private final int maxRequests;
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

  /** Requests started, ended (of which failed), their tokens, and the users still in the loop. */
  private long started;

  private long ended;
  private long endedFailed;
  private long inputTokens;
  private long outputTokens;
  private int usersInside;
  private boolean summarised;

  private JitWarmup(
      int streams,
      int maxRequests,
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
    if (maxRequests < 0) {
      throw new IllegalArgumentException(
          "warm-up requests must be >= 0 (0: no bound), was " + maxRequests);
    }
    this.streams = streams;
    this.maxRequests = maxRequests;
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
    return of(streams, maxDuration, 0);
  }

  /**
   * The same, sending at most {@code maxRequests} requests in all (0: no bound).
   *
   * @param maxRequests the most requests the warm-up sends, whichever of its ends comes first
   */
  public static JitWarmup of(int streams, Duration maxDuration, int maxRequests) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    LongSupplier compiled =
        jit != null && jit.isCompilationTimeMonitoringSupported()
            ? jit::getTotalCompilationTime
            : () -> 0L; // no JIT figures: the warm-up runs its full duration
    return new JitWarmup(
        streams, maxRequests, Duration.ofSeconds(3), maxDuration, System::nanoTime, compiled);
  }

  /** For tests: explicit clocks. */
  static JitWarmup of(
      int streams,
      Duration minDuration,
      Duration maxDuration,
      LongSupplier nanoClock,
      LongSupplier compileMillis) {
    return of(streams, 0, minDuration, maxDuration, nanoClock, compileMillis);
  }

  /** For tests: explicit clocks and a bound on the requests. */
  static JitWarmup of(
      int streams,
      int maxRequests,
      Duration minDuration,
      Duration maxDuration,
      LongSupplier nanoClock,
      LongSupplier compileMillis) {
    return new JitWarmup(streams, maxRequests, minDuration, maxDuration, nanoClock, compileMillis);
  }

  public int streams() {
    return streams;
  }

  /** The most requests the warm-up sends, 0 for no bound but its duration. */
  public int maxRequests() {
    return maxRequests;
  }

  /**
   * The line said before the warm-up starts: what it sends, for how long at most, and how to turn
   * it off.
   */
  public String announcement() {
    return "gatling-llm: JIT warm-up before the first level: "
        + streams
        + (streams == 1 ? " stream sends" : " streams send")
        + " real requests, left out of every figure, until the JVM's compilers are quiet: at most "
        + maxDuration.toSeconds()
        + " s"
        + (maxRequests > 0 ? " and " + maxRequests + " requests" : "")
        + ". -Dllm.warmupSeconds=0 turns it off, -Dllm.warmupMaxRequests=N bounds it";
  }

  /**
   * Starts one more warm-up request, unless the warm-up is over: its time, its compilers, or its
   * bound on requests say so.
   *
   * @return whether the caller sends one
   */
  public synchronized boolean startOne() {
    if (done()) {
      return false;
    }
    if (maxRequests > 0 && started >= maxRequests) {
      finish(
          "its " + maxRequests + " requests sent (llm.warmupMaxRequests)",
          nanoClock.getAsLong() - startNanos);
      return false;
    }
    started++;
    return true;
  }

  /** The requests the warm-up started so far. */
  public synchronized long started() {
    return started;
  }

  /**
   * What the warm-up sent, once its last request ended: its requests, how many failed, and the
   * tokens of their answers (input and output, as the server or the client counted them).
   */
  public synchronized String sentSummary() {
    return String.format(
        Locale.ROOT,
        "gatling-llm: the JIT warm-up sent %d requests%s (%,d input + %,d output tokens);"
            + " none of them is in a figure",
        ended,
        endedFailed > 0 ? " (" + endedFailed + " failed)" : "",
        inputTokens,
        outputTokens);
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
      System.out.println(announcement());
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
   * Counts one warm-up request's outcome and the tokens it cost; the first {@value #FAILED_START}
   * all failing end the warm-up ({@link #failure()}).
   *
   * @param ok whether the request succeeded
   * @param error its KO message, or null
   * @param inputTokens its prompt's tokens, 0 when not known
   * @param outputTokens its answer's tokens, 0 when not known
   */
  public synchronized void record(boolean ok, String error, long inputTokens, long outputTokens) {
    ended++;
    if (!ok) {
      endedFailed++;
    }
    this.inputTokens += Math.max(0, inputTokens);
    this.outputTokens += Math.max(0, outputTokens);
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
                  Map<String, Object> last = lastResult(session);
                  Object error = last.get(SessionResults.ERROR);
                  record(
                      !session.isFailed(),
                      error == null ? null : error.toString(),
                      count(last.get(SessionResults.INPUT_TOKENS)),
                      count(last.get(SessionResults.OUTPUT_TOKENS)));
                  return session;
                });
    return exec(session -> {
          userEntered();
          return session;
        })
        .asLongAs(session -> startOne())
        .on(counted)
        .exec(
            session -> {
              userLeft();
              return session;
            })
        .exec(crashLoadGeneratorIf(session -> failure(), session -> failure() != null));
  }

  private synchronized void userEntered() {
    usersInside++;
  }

  /** The last user out of a finished warm-up says what it sent. */
  private synchronized void userLeft() {
    usersInside--;
    if (usersInside == 0 && (done || failure != null) && !summarised) {
      summarised = true;
      System.out.println(sentSummary());
    }
  }

  /** What the request saved under the default key {@code llm}, empty when it saved nothing. */
  private static Map<String, Object> lastResult(Session session) {
    return session.contains("llm") ? session.getMap("llm") : Map.of();
  }

  private static long count(Object value) {
    return value instanceof Number number ? number.longValue() : 0;
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
