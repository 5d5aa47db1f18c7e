package dev.gatlingllm.gatling;

import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.run.RunHost;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.commons.util.Clock;
import io.gatling.commons.validation.Failure;
import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import io.gatling.javaapi.core.internal.Expressions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import scala.Function1;
import scala.Option;

/**
 * The one adapter over Gatling's core internals used by the action: stats records, session updates
 * and expression evaluation. Gatling's Scala internals are not binary compatible across minor
 * versions; keeping them in this package ({@code gatling} and its sub-packages) means an upgrade
 * touches nothing else.
 */
public final class GatlingRuntime implements RunHost {
  private final io.gatling.core.CoreComponents core;
  private final StatsEngine statsEngine;
  private final Clock clock;

  private GatlingRuntime(io.gatling.core.CoreComponents core) {
    this.core = core;
    this.statsEngine = core.statsEngine();
    this.clock = core.clock();
  }

  /** The run's stats engine, clock, event loops and end. */
  public static GatlingRuntime of(io.gatling.core.CoreComponents core) {
    return new GatlingRuntime(core);
  }

  /** Wall-clock milliseconds as Gatling's records use them. */
  @Override
  public long nowMillis() {
    return clock.nowMillis();
  }

  /**
   * Logs one request record (what Gatling charts and asserts on).
   *
   * @param httpStatus the status code, or 0 for none
   * @param message the KO message, or null
   */
  public void logRecord(
      Session session,
      String name,
      long startMillis,
      long endMillis,
      boolean ok,
      int httpStatus,
      String message) {
    Status status = ok ? OK$.MODULE$ : KO$.MODULE$;
    Option<String> code =
        httpStatus > 0 ? Option.apply(Integer.toString(httpStatus)) : Option.empty();
    statsEngine.logResponse(
        session.scenario(),
        session.groups(),
        name,
        startMillis,
        Math.max(startMillis, endMillis),
        status,
        code,
        Option.apply(message));
  }

  /** The session after a request that took {@code [startMillis, endMillis]}, failed or not. */
  public static Session afterRequest(
      Session session, long startMillis, long endMillis, boolean ok) {
    Session next = session.logGroupRequestTimings(startMillis, endMillis);
    return ok ? next : next.markAsFailed();
  }

  public static Session set(Session session, String key, Object value) {
    return session.set(key, value);
  }

  public static Session remove(Session session, String key) {
    return session.contains(key) ? session.remove(key) : session;
  }

  /** The attribute's value, or null when the session has none. */
  public static Object attribute(Session session, String key) {
    return session.attributes().get(key).getOrElse(() -> null);
  }

  /**
   * Runs {@code task} once when Gatling's run ends: its records are closed, and it has not yet
   * parsed its log nor written its own report.
   */
  @Override
  public void onRunEnd(Runnable task) {
    core.actorSystem()
        .registerOnTermination(
            () -> {
              task.run();
              return scala.runtime.BoxedUnit.UNIT;
            });
  }

  /**
   * Gatling's assertions of the run, judged from its closed {@code simulation.log} ({@link
   * GatlingAssertions}).
   */
  @Override
  public List<CheckVerdict> judgeAssertions(Path runFolder) {
    return GatlingAssertions.judge(runFolder, core.configuration());
  }

  /** Gatling's event loops, on which every virtual user runs and every response is read. */
  @Override
  public List<ScheduledExecutorService> eventLoops() {
    List<ScheduledExecutorService> loops = new ArrayList<>();
    core.eventLoopGroup().forEach(loops::add);
    return loops;
  }

  /** Wraps a Java DSL session for user functions. */
  public static io.gatling.javaapi.core.Session javaSession(Session session) {
    return new io.gatling.javaapi.core.Session(session);
  }

  /**
   * Compiles a Gatling Expression Language string (e.g. {@code "#{prompt}"}) once, at build time.
   */
  public static SessionExpression<String> el(String expression) {
    return compile(Expressions.toStringExpression(expression));
  }

  /** Compiles an EL string whose result must be of {@code type} (e.g. an Integer attribute). */
  public static <T> SessionExpression<T> el(String expression, Class<T> type) {
    return compile(Expressions.<T>toExpression(expression, type));
  }

  private static <T> SessionExpression<T> compile(Function1<Session, Validation<T>> expression) {
    return session -> {
      Object outcome = expression.apply(session);
      if (outcome instanceof Failure failure) {
        throw new ExpressionException(failure.message());
      }
      @SuppressWarnings("unchecked")
      T value = ((Success<T>) outcome).value();
      return value;
    };
  }
}
