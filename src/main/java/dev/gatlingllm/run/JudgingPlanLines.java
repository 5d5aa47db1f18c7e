package dev.gatlingllm.run;

import dev.gatlingllm.report.compare.JudgingPlan;
import java.io.IOException;

/**
 * The baseline's judging plan read before the load; a baseline that cannot be read has none (the
 * comparison at the run's end says why), so the run starts all the same.
 */
final class JudgingPlanLines {
  private JudgingPlanLines() {}

  /** The plan, or null without a baseline or when it cannot be read. */
  static JudgingPlan read(BaselinePlan baseline) {
    if (baseline == null) {
      return null;
    }
    try {
      return JudgingPlan.of(baseline.path(), baseline.thresholds());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
