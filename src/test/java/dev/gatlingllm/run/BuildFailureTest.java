package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.gatlingllm.check.CheckVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The build's last line names what failed it: assertions, LLM checks, a regression, or several. */
class BuildFailureTest {
  private static final CheckVerdict ASSERTION_FAILED =
      new CheckVerdict(CheckVerdict.GATLING_ASSERTIONS, "Global: max of response time", false, "x");
  private static final CheckVerdict ASSERTION_PASSED =
      new CheckVerdict(CheckVerdict.GATLING_ASSERTIONS, "Global: failed events", true, null);
  private static final CheckVerdict CHECK_FAILED =
      new CheckVerdict(CheckVerdict.LLM_CHECKS, "output_throughput >= 1000 tok/s", false, "812");
  private static final CheckVerdict REGRESSION =
      new CheckVerdict("baseline", "4 streams: TPOT p50 ms", false, "▼ regression");
  private static final CheckVerdict NOT_JUDGED =
      CheckVerdict.notJudged("baseline", "4 streams: TPOT p99 ms", "16 then, 16 now");

  @Test
  void aRunThatFailsNothingHasNoLine() {
    assertNull(BuildFailure.closingLine(List.of(ASSERTION_PASSED, NOT_JUDGED), false, true));
  }

  @Test
  void eachCauseIsNamedAlone() {
    assertEquals(
        "gatling-llm: the build fails: 1 of Gatling's assertions failed; junit.xml and summary.md"
            + " name each",
        BuildFailure.closingLine(List.of(ASSERTION_FAILED, ASSERTION_PASSED), false, false));
    assertEquals(
        "gatling-llm: the build fails: 1 of the LLM checks failed; junit.xml and summary.md name"
            + " each",
        BuildFailure.closingLine(List.of(CHECK_FAILED), true, false));
    assertEquals(
        "gatling-llm: the build fails: 2 figures regressed against the baseline; junit.xml and"
            + " summary.md name each",
        BuildFailure.closingLine(List.of(REGRESSION, REGRESSION, NOT_JUDGED), false, true));
  }

  @Test
  void aRegressionOnlyReportedDoesNotFailTheBuild() {
    assertNull(BuildFailure.closingLine(List.of(REGRESSION), false, false));
  }

  @Test
  void severalCausesAreNamedTogether() {
    assertEquals(
        "gatling-llm: the build fails: 1 of Gatling's assertions failed, 1 of the LLM checks"
            + " failed and 1 figure regressed against the baseline (several causes); junit.xml and"
            + " summary.md name each",
        BuildFailure.closingLine(List.of(ASSERTION_FAILED, CHECK_FAILED, REGRESSION), true, true));
  }
}
