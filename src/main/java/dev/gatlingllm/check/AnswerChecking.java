package dev.gatlingllm.check;

import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.stream.FinishedStream;
import java.util.List;

/** Judges a request's answer checks: the first that fails turns an OK outcome into a KO naming it. */
public final class AnswerChecking {
  public static final String PREFIX = "check failed: ";

  private AnswerChecking() {}

  /** The outcome unchanged when it is KO already or passes every check, else the same figures as KO. */
  public static FinishedStream judge(List<AnswerCheck> checks, FinishedStream outcome) {
    if (checks.isEmpty() || !outcome.result().ok()) {
      return outcome;
    }
    for (AnswerCheck check : checks) {
      String why;
      try {
        why = check.failure(outcome);
      } catch (RuntimeException e) {
        // A check of the user's own that throws fails its request rather than losing it.
        why = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
      }
      if (why != null) {
        Verdict ko = Verdict.ko(outcome.result().outcome().httpStatus(), PREFIX + why);
        return new FinishedStream(outcome.result().withOutcome(ko), outcome.content(), outcome.reasoning(),
            outcome.finishReason());
      }
    }
    return outcome;
  }
}
