package dev.gatlingllm.run;

import dev.gatlingllm.report.compare.Thresholds;
import dev.gatlingllm.secrets.Redactor;
import java.nio.file.Path;

/**
 * A run to compare this one with when it ends ({@code llm.baseline}): where its report is, what a
 * change must pass to count, and whether a regression fails the build.
 *
 * @param path a results folder, its {@code llm/} folder or its summary.json
 * @param thresholds what a change must pass to count
 * @param failOnRegression whether a regression makes the run's JVM exit with {@value
 *     #REGRESSION_STATUS} ({@code llm.baseline.failOnRegression}, true by default)
 * @param redactor hides the API key in the baseline's texts (its level labels, its folder's name)
 */
public record BaselinePlan(
    Path path, Thresholds thresholds, boolean failOnRegression, Redactor redactor) {
  /** The exit status of a run that regressed against its baseline in Gatling's launcher. */
  public static final int REGRESSION_STATUS = 3;

  /**
   * The exit status of a run whose baseline is not a readable report of a run (missing, empty,
   * truncated, {@code null}, a number NaN or out of range), whatever {@code failOnRegression} says:
   * a gate that cannot read its baseline judged nothing.
   */
  public static final int UNREADABLE_STATUS = 4;

  /** A plan whose texts are redacted by nothing yet (the protocol adds its key). */
  public BaselinePlan(Path path, Thresholds thresholds, boolean failOnRegression) {
    this(path, thresholds, failOnRegression, Redactor.NONE);
  }

  /** The same, hiding what {@code secrets} hides in the baseline's labels and folder. */
  public BaselinePlan redactedBy(Redactor secrets) {
    return new BaselinePlan(path, thresholds, failOnRegression, secrets);
  }
}
