package dev.gatlingllm.gatling.action;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.run.RunReporter;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.function.Function;

/**
 * Puts a virtual user in a load level: tags its session (every request it sends belongs to the
 * level) and, for the level's first user, opens the level's window in the run's report. Shared and
 * stateless.
 */
public final class StartLevelAction extends PlainAction {
  /**
   * The level of warm-up requests, which count in no level ({@code SessionKeys.LEVEL}'s value for
   * them).
   */
  public static final int WARMUP = -1;

  private final int level;

  /** The level's concurrency when it is chosen at run time, or null for the planned one. */
  private final Function<io.gatling.javaapi.core.Session, Integer> streams;

  /** The requests the level runs in all, or 0 when not known. */
  private final long plannedRequests;

  /** Which run of the level this is, from 1, when it runs several times; 0 when once. */
  private final int repeat;

  private final RunReporter reporter;
  private final Action next;

  private StartLevelAction(
      int level,
      Function<io.gatling.javaapi.core.Session, Integer> streams,
      long plannedRequests,
      int repeat,
      RunReporter reporter,
      Action next) {
    this.repeat = repeat;
    this.level = level;
    this.streams = streams;
    this.plannedRequests = plannedRequests;
    this.reporter = reporter;
    this.next = next;
  }

  /**
   * The Scala-side builder for {@code exec(...)}.
   *
   * @param streams the level's concurrency from the session when it is chosen at run time, or null
   * @param plannedRequests the requests the level runs in all, or 0 when not known
   * @param repeat which run of the level this is, from 1, when it runs several times; 0 when once
   */
  public static io.gatling.core.action.builder.ActionBuilder builder(
      int level,
      Function<io.gatling.javaapi.core.Session, Integer> streams,
      long plannedRequests,
      int repeat) {
    return PlainAction.builder(
        (ctx, next) -> {
          LlmProtocol.Components components =
              ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
          return new StartLevelAction(
              level, streams, plannedRequests, repeat, components.reporter(), next);
        });
  }

  @Override
  public String name() {
    return level == WARMUP ? "start warm-up" : "start level " + level;
  }

  @Override
  public void execute(Session session) {
    if (level != WARMUP) {
      reporter.startLevel(
          level,
          streams == null ? 0 : streams.apply(GatlingRuntime.javaSession(session)),
          plannedRequests);
      if (repeat > 0) {
        reporter.startRepeat(level, repeat);
      }
    }
    next.$bang(GatlingRuntime.set(session, SessionKeys.LEVEL, level));
  }
}
