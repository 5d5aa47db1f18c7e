package dev.gatlingllm.check;

import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.stream.FinishedStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges a request's answer checks: the first that fails turns an OK outcome into a KO naming it.
 */
public final class AnswerChecking {
  public static final String PREFIX = "check failed: ";

  /**
   * The judged outcome and the values its checks save in the session (empty unless every check
   * passed).
   *
   * @param outcome the outcome, KO when a check failed
   * @param saved session key to value, in the order of the checks
   */
  public record Judged(FinishedStream outcome, Map<String, String> saved) {}

  private AnswerChecking() {}

  /**
   * The outcome unchanged when it is KO already or passes every check, else the same figures as KO.
   */
  public static FinishedStream judge(List<AnswerCheck> checks, FinishedStream outcome) {
    return judgeAndSave(checks, outcome).outcome();
  }

  /** {@link #judge}, with the values the {@code saveAs} checks found when every check passed. */
  public static Judged judgeAndSave(List<AnswerCheck> checks, FinishedStream outcome) {
    if (checks.isEmpty() || !outcome.result().ok()) {
      return new Judged(outcome, Map.of());
    }
    Map<String, String> saved = Map.of();
    for (AnswerCheck check : checks) {
      String why;
      try {
        if (check instanceof ValueCheck value) {
          ValueCheck.Found found = value.evaluate(outcome);
          why = found.missing();
          if (why == null && value.saveKey() != null) {
            saved = saved.isEmpty() ? new LinkedHashMap<>() : saved;
            saved.put(value.saveKey(), found.value());
          }
        } else {
          why = check.failure(outcome);
        }
      } catch (RuntimeException e) {
        // A check of the user's own that throws fails its request rather than losing it.
        why = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
      }
      if (why != null) {
        Verdict ko = Verdict.ko(outcome.result().verdict().httpStatus(), PREFIX + why);
        return new Judged(outcome.withResult(outcome.result().withVerdict(ko)), Map.of());
      }
    }
    return new Judged(
        outcome, saved.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(saved));
  }
}
