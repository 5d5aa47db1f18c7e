package dev.gatlingllm.gatling.action;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.run.RunReporter;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;

/**
 * Puts a virtual user in a load level: tags its session (every request it sends belongs to the level) and,
 * for the level's first user, opens the level's window in the run's report. Shared and stateless.
 */
public final class StartLevelAction extends PlainAction {
  /** The level of warm-up requests, which count in no level ({@code SessionKeys.LEVEL}'s value for them). */
  public static final int WARMUP = -1;

  private final int level;
  private final RunReporter reporter;
  private final Action next;

  private StartLevelAction(int level, RunReporter reporter, Action next) {
    this.level = level;
    this.reporter = reporter;
    this.next = next;
  }

  /** The Scala-side builder for {@code exec(...)}. */
  public static io.gatling.core.action.builder.ActionBuilder builder(int level) {
    return PlainAction.builder((ctx, next) -> {
      LlmProtocol.Components components = ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
      return new StartLevelAction(level, components.reporter(), next);
    });
  }

  @Override
  public String name() {
    return level == WARMUP ? "start warm-up" : "start level " + level;
  }

  @Override
  public void execute(Session session) {
    if (level != WARMUP) {
      reporter.startLevel(level);
    }
    next.$bang(GatlingRuntime.set(session, SessionKeys.LEVEL, level));
  }
}
