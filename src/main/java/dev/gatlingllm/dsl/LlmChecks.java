package dev.gatlingllm.dsl;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import dev.gatlingllm.check.LlmCheck;
import dev.gatlingllm.gatling.action.LlmChecksAction;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;

/**
 * Checks on LLM figures Gatling cannot assert on: run {@link #population} after the load (the load
 * models take it as their last step), and add {@link #allPassed()} to the simulation's assertions; a failed
 * check then fails {@code mvn gatling:test} (exit code 2) and its message names the figure, its value and
 * the bound.
 *
 * <pre>{@code
 * var checks = List.of(LlmCheck.outputThroughputAtLeast(1000));
 * setUp(steps.build("sweep", request, LlmChecks.population(checks)))
 *     .assertions(LlmChecks.allPassed());
 * }</pre>
 */
public final class LlmChecks {
  private LlmChecks() {}

  /**
   * One step judging the checks on the run's figures so far.
   *
   * @param checks the checks, constants
   * @return an action for {@code exec(...)}
   */
  public static ActionBuilder judge(List<LlmCheck> checks) {
    return () -> LlmChecksAction.builder(checks);
  }

  /**
   * One virtual user that judges the checks: to run once the load has ended.
   *
   * @param checks the checks, constants (at least one)
   * @return a population for {@code setUp(...)} or a load model
   */
  public static PopulationBuilder population(List<LlmCheck> checks) {
    if (checks.isEmpty()) {
      throw new IllegalArgumentException("no LLM check to judge");
    }
    return scenario(LlmChecksAction.RECORD).exec(judge(checks)).injectOpen(atOnceUsers(1));
  }

  /**
   * The Gatling assertion that fails the run when any check failed.
   *
   * @return an assertion for {@code assertions(...)}
   */
  public static Assertion allPassed() {
    return details(LlmChecksAction.RECORD).failedRequests().count().is(0L);
  }
}
