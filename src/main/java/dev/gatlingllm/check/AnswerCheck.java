package dev.gatlingllm.check;

/**
 * A check on one request's answer, judged at its end when it succeeded: a failing check makes the
 * request KO with {@code check failed: <why>}. Build them with {@code dev.gatlingllm.dsl.LlmDsl};
 * runs on the virtual user's event loop, so it must not block.
 */
@FunctionalInterface
public interface AnswerCheck {
  /**
   * Why the answer fails the check, in one line that is the same for the same cause (Gatling groups
   * KOs by message: no per-request values), or null when it passes.
   */
  String failure(Answer answer);
}
