package dev.gatlingllm.action;

import com.typesafe.scalalogging.Logger;
import dev.gatlingllm.dsl.LlmProtocol;
import dev.gatlingllm.gatling.GatlingRuntime;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import org.slf4j.LoggerFactory;

/**
 * Puts a virtual user in a load level: tags its session (every request it sends belongs to the level) and,
 * for the level's first user, opens the level's window in the run's report. Shared and stateless.
 */
public final class StartLevelAction implements Action {
  private final int level;
  private final RunReporter reporter;
  private final Action next;
  private Logger logger = Logger.apply(LoggerFactory.getLogger(StartLevelAction.class));

  private StartLevelAction(int level, RunReporter reporter, Action next) {
    this.level = level;
    this.reporter = reporter;
    this.next = next;
  }

  /** The Scala-side builder for {@code exec(...)}. */
  public static io.gatling.core.action.builder.ActionBuilder builder(int level) {
    return new io.gatling.core.action.builder.ActionBuilder() {
      @Override
      public Action build(ScenarioContext ctx, Action next) {
        LlmProtocol.Components components = ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
        return new StartLevelAction(level, components.reporter(), next);
      }

      @Override
      public io.gatling.core.structure.ChainBuilder toChainBuilder() {
        return io.gatling.core.action.builder.ActionBuilder.super.toChainBuilder();
      }
    };
  }

  @Override
  public String name() {
    return "start level " + level;
  }

  @Override
  public void execute(Session session) {
    if (level >= 0) {
      reporter.startLevel(level);
    }
    next.$bang(GatlingRuntime.set(session, SessionKeys.LEVEL, level));
  }

  @Override
  public Logger logger() {
    return logger;
  }

  @Override
  public void com$typesafe$scalalogging$StrictLogging$_setter_$logger_$eq(Logger logger) {
    this.logger = logger;
  }
}
