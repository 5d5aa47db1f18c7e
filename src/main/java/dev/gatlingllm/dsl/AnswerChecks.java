package dev.gatlingllm.dsl;

import dev.gatlingllm.action.AnswerCheck;
import java.util.regex.Pattern;

/**
 * Checks on a request's answer, for {@code chat("chat").check(...)}: each is judged when the request succeeded,
 * and the first that fails makes it KO with {@code check failed: <why>}. The expected values are constants; the
 * messages name the check, not the answer, so that Gatling groups the KOs of one cause on one row (the answer's
 * figures are in {@code llm/requests.csv}).
 */
public final class AnswerChecks {
  private AnswerChecks() {}

  /** The answer text ({@code content}) contains {@code text}. */
  public static AnswerCheck answerContains(String text) {
    LlmRequestActionBuilder.requireText(text, "text");
    String why = "answer does not contain '" + text + "'";
    return outcome -> outcome.content().contains(text) ? null : why;
  }

  /** Some part of the answer text matches the regular expression (compiled once, here). */
  public static AnswerCheck answerMatches(String regex) {
    Pattern pattern = Pattern.compile(LlmRequestActionBuilder.requireText(regex, "regex"));
    String why = "answer does not match /" + regex + "/";
    return outcome -> pattern.matcher(outcome.content()).find() ? null : why;
  }

  /** The last {@code finish_reason} is {@code reason} (e.g. {@code stop}, {@code length}, {@code tool_calls}). */
  public static AnswerCheck finishReasonIs(String reason) {
    LlmRequestActionBuilder.requireText(reason, "reason");
    // The actual reason is in the message: servers send a handful of them, so KOs still group.
    return outcome -> reason.equals(outcome.finishReason()) ? null : outcome.finishReason() == null
        ? "no finish reason, expected '" + reason + "'"
        : "finish reason is '" + outcome.finishReason() + "', expected '" + reason + "'";
  }

  /**
   * At least {@code tokens} output tokens (the server's usage count, else the client's, else the token events):
   * a server that stops early is caught.
   */
  public static AnswerCheck outputTokensAtLeast(long tokens) {
    if (tokens < 1) {
      throw new IllegalArgumentException("tokens must be at least 1, was " + tokens);
    }
    String why = "fewer than " + tokens + " output tokens";
    return outcome -> outcome.result().outputTokens() >= tokens ? null : why;
  }
}
