package dev.gatlingllm.check;

import java.util.List;
import java.util.Locale;

/**
 * How many checks a run has, judged and not: the one count junit.xml's attributes, summary.md and
 * the console all give, so that they never disagree.
 *
 * @param total every check
 * @param passed judged and met
 * @param failed judged and missed
 * @param notJudged too few values to judge (junit.xml's skipped)
 */
public record CheckCounts(long total, long passed, long failed, long notJudged) {
  public static CheckCounts of(List<CheckVerdict> verdicts) {
    long passed = verdicts.stream().filter(CheckVerdict::passed).count();
    long failed = verdicts.stream().filter(CheckVerdict::failed).count();
    long skipped = verdicts.stream().filter(CheckVerdict::skipped).count();
    return new CheckCounts(verdicts.size(), passed, failed, skipped);
  }

  public long judged() {
    return passed + failed;
  }

  /**
   * In words, e.g. {@code 33 checks: 20 judged (9 passed, 11 failed), 13 not judged}; the part on
   * checks not judged only when there are some.
   */
  public String describe() {
    String text =
        String.format(
            Locale.ROOT,
            "%d %s: %d judged (%d passed, %d failed)",
            total,
            total == 1 ? "check" : "checks",
            judged(),
            passed,
            failed);
    return notJudged == 0 ? text : text + ", " + notJudged + " not judged";
  }
}
