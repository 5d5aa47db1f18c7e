package dev.gatlingllm.action;

import dev.gatlingllm.metrics.RequestOutcome;
import dev.gatlingllm.stream.StreamOutcome;
import java.util.List;

/** Judges a request's answer checks: the first that fails turns an OK outcome into a KO naming it. */
final class AnswerChecking {
  static final String PREFIX = "check failed: ";

  private AnswerChecking() {}

  /** The outcome unchanged when it is KO already or passes every check, else the same figures as KO. */
  static StreamOutcome judge(List<AnswerCheck> checks, StreamOutcome outcome) {
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
        RequestOutcome ko = RequestOutcome.ko(outcome.result().outcome().httpStatus(), PREFIX + why);
        return new StreamOutcome(outcome.result().withOutcome(ko), outcome.content(), outcome.reasoning(),
            outcome.finishReason());
      }
    }
    return outcome;
  }
}
