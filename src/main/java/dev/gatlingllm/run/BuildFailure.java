package dev.gatlingllm.run;

import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.report.compare.ComparisonText;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's last console line when its build fails, saying why: Maven prints "Gatling failed" for a
 * failed assertion and for a regression against the baseline alike.
 */
final class BuildFailure {
  private BuildFailure() {}

  /**
   * @param judged every case of junit.xml (Gatling's assertions, the LLM checks, the baseline's)
   * @param llmChecksAssertionFailed whether Gatling's assertion on the LLM checks failed: the
   *     checks fail the build through it
   * @param regressionFails whether a regression against the baseline fails the build
   * @return e.g. {@code gatling-llm: the build fails: 1 of Gatling's assertions, and 11 regressions
   *     against the baseline}; null when nothing fails it
   */
  static String closingLine(
      List<CheckVerdict> judged, boolean llmChecksAssertionFailed, boolean regressionFails) {
    List<String> reasons = new ArrayList<>();
    long assertions = failed(judged, CheckVerdict.GATLING_ASSERTIONS);
    if (assertions > 0) {
      reasons.add(assertions + " of Gatling's assertions failed");
    }
    if (llmChecksAssertionFailed) {
      reasons.add(failed(judged, CheckVerdict.LLM_CHECKS) + " of the LLM checks failed");
    }
    long regressions = failed(judged, ComparisonText.SUITE);
    if (regressionFails && regressions > 0) {
      reasons.add(
          regressions
              + (regressions == 1 ? " figure regressed" : " figures regressed")
              + " against the baseline");
    }
    if (reasons.isEmpty()) {
      return null;
    }
    String why =
        reasons.size() == 1
            ? reasons.get(0)
            : String.join(", ", reasons.subList(0, reasons.size() - 1))
                + " and "
                + reasons.get(reasons.size() - 1);
    return "gatling-llm: the build fails: "
        + why
        + (reasons.size() > 1 ? " (several causes)" : "")
        + "; junit.xml and summary.md name each";
  }

  private static long failed(List<CheckVerdict> judged, String suite) {
    return judged.stream().filter(v -> v.failed() && v.suite().equals(suite)).count();
  }
}
