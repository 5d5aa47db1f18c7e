package dev.gatlingllm.gatling.action;

import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.check.LlmCheck;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.run.RunReporter;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges {@link LlmCheck}s on the run's figures so far and logs one {@code llm checks} record per
 * check, OK or KO with the figure, its value and the bound. Logged while the run is live, so
 * Gatling's own assertions ({@code details("llm checks").failedRequests().count().is(0L)}) fail the
 * build on them.
 */
public final class LlmChecksAction extends PlainAction {
  public static final String RECORD = CheckVerdict.LLM_CHECKS;

  private final List<LlmCheck> checks;
  private final RunReporter reporter;
  private final GatlingRuntime runtime;
  private final Action next;

  private LlmChecksAction(
      List<LlmCheck> checks, RunReporter reporter, GatlingRuntime runtime, Action next) {
    this.checks = checks;
    this.reporter = reporter;
    this.runtime = runtime;
    this.next = next;
  }

  public static io.gatling.core.action.builder.ActionBuilder builder(List<LlmCheck> checks) {
    List<LlmCheck> copy = List.copyOf(checks);
    return PlainAction.builder(
        (ctx, next) -> {
          LlmProtocol.Components components =
              ctx.protocolComponentsRegistry().components(LlmProtocol.KEY);
          GatlingRuntime runtime = GatlingRuntime.of(ctx.coreComponents());
          return new LlmChecksAction(copy, components.reporter(), runtime, next);
        });
  }

  @Override
  public String name() {
    return RECORD;
  }

  @Override
  public void execute(Session session) {
    long now = runtime.nowMillis();
    RunSummary summary = reporter.snapshot();
    boolean allMet = true;
    List<CheckVerdict> verdicts = new ArrayList<>(checks.size());
    for (LlmCheck check : checks) {
      String failure = check.failure(summary);
      allMet &= failure == null;
      verdicts.add(CheckVerdict.of(check, failure));
      runtime.logRecord(session, RECORD, now, now, failure == null, 0, failure);
      if (failure != null) {
        System.out.println("gatling-llm: check failed: " + failure);
      }
    }
    reporter.recordVerdicts(verdicts);
    next.$bang(GatlingRuntime.afterRequest(session, now, now, allMet));
  }
}
