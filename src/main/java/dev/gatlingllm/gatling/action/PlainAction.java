package dev.gatlingllm.gatling.action;

import com.typesafe.scalalogging.Logger;
import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import java.util.function.BiFunction;
import org.slf4j.LoggerFactory;

/**
 * Base of the plugin's Gatling actions: Gatling's plain {@code Action} trait plus the logger
 * accessors its {@code StrictLogging} parent asks of a Java class. (Not {@code ChainableAction}:
 * its synthetic Scala accessors cannot be implemented from Java and fail at run time; each action
 * ends its own paths.)
 */
abstract class PlainAction implements Action {
  private Logger logger = Logger.apply(LoggerFactory.getLogger(getClass()));

  @Override
  public Logger logger() {
    return logger;
  }

  @Override
  public void com$typesafe$scalalogging$StrictLogging$_setter_$logger_$eq(Logger logger) {
    this.logger = logger;
  }

  /**
   * A Scala-side action builder from a function building the action once per place in a scenario.
   */
  static io.gatling.core.action.builder.ActionBuilder builder(
      BiFunction<ScenarioContext, Action, Action> build) {
    return new io.gatling.core.action.builder.ActionBuilder() {
      @Override
      public Action build(ScenarioContext ctx, Action next) {
        return build.apply(ctx, next);
      }

      @Override
      public io.gatling.core.structure.ChainBuilder toChainBuilder() {
        return io.gatling.core.action.builder.ActionBuilder.super.toChainBuilder();
      }
    };
  }
}
