package dev.gatlingllm.gatling.action;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.run.RunReporter;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;

/**
 * Asks, before a level of a sweep, whether the levels before it were past saturation, and tags the
 * user ({@link SessionKeys#SWEEP_STOPPED}) so that the load model lets it leave: the decision is
 * the run's reporter's, made once per level ({@link RunReporter#sweepStopsBefore}). Shared and
 * stateless.
 */
public final class SaturationCheckAction extends PlainAction {
  private final int level;
  private final RunReporter reporter;
  private final Action next;

  private SaturationCheckAction(int level, RunReporter reporter, Action next) {
    this.level = level;
    this.reporter = reporter;
    this.next = next;
  }

  /** The Scala-side builder for {@code exec(...)}. */
  public static io.gatling.core.action.builder.ActionBuilder builder(int level) {
    return PlainAction.builder(
        (ctx, next) -> {
          LlmProtocol.Components components =
              ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
          return new SaturationCheckAction(level, components.reporter(), next);
        });
  }

  @Override
  public String name() {
    return "saturation check before level " + level;
  }

  @Override
  public void execute(Session session) {
    // The user goes on once the level is decided; `!` brings it back onto its own event loop.
    reporter
        .sweepStopsBefore(level)
        .whenComplete(
            (stopped, failure) ->
                next.$bang(
                    GatlingRuntime.set(
                        session,
                        SessionKeys.SWEEP_STOPPED,
                        // A decision that failed stops nothing: the sweep runs on, as without it.
                        failure == null && stopped)));
  }
}
