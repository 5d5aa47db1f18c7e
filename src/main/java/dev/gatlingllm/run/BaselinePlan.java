package dev.gatlingllm.run;

import dev.gatlingllm.report.compare.Thresholds;
import java.nio.file.Path;

/**
 * A run to compare this one with when it ends ({@code llm.baseline}): where its report is, what a
 * change must pass to count, and whether a regression fails the build.
 *
 * @param path a results folder, its {@code llm/} folder or its summary.json
 * @param thresholds what a change must pass to count
 * @param failOnRegression whether a regression makes the run's JVM exit with {@value
 *     #REGRESSION_STATUS} ({@code llm.baseline.failOnRegression}, true by default)
 */
public record BaselinePlan(Path path, Thresholds thresholds, boolean failOnRegression) {
  /** The exit status of a run that regressed against its baseline in Gatling's launcher. */
  public static final int REGRESSION_STATUS = 3;

  /** Whether the baseline is the history's median ({@code llm.baseline=history}). */
  public boolean fromHistory() {
    return path.toString().equals(HistoryPlan.HISTORY_BASELINE);
  }
}
