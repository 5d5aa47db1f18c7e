package dev.gatlingllm.dsl;

import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.stats.Micros;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * Checks on a request's answer, for {@code chat("chat").check(...)}: each is judged when the request succeeded,
 * and the first that fails makes it KO with {@code check failed: <why>}. The expected values are constants; the
 * messages name the check, not the answer, so that Gatling groups the KOs of one cause on one row (the answer's
 * figures are in {@code llm/requests.csv}).
 */
public final class AnswerChecks {
  private AnswerChecks() {}

  /**
   * The answer text ({@code content}) contains {@code text}.
   *
   * @param text the text to find, a constant
   * @return the check
   */
  public static AnswerCheck answerContains(String text) {
    LlmRequestActionBuilder.requireText(text, "text");
    String why = "answer does not contain '" + text + "'";
    return outcome -> outcome.content().contains(text) ? null : why;
  }

  /**
   * Some part of the answer text matches the regular expression (compiled once, here).
   *
   * @param regex a Java regular expression, a constant
   * @return the check
   */
  public static AnswerCheck answerMatches(String regex) {
    Pattern pattern = Pattern.compile(LlmRequestActionBuilder.requireText(regex, "regex"));
    String why = "answer does not match /" + regex + "/";
    return outcome -> pattern.matcher(outcome.content()).find() ? null : why;
  }

  /**
   * The last {@code finish_reason} is {@code reason} (e.g. {@code stop}, {@code length}, {@code tool_calls}).
   *
   * @param reason the expected reason, a constant
   * @return the check
   */
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
   *
   * @param tokens the least output tokens, a constant of at least 1
   * @return the check
   */
  public static AnswerCheck outputTokensAtLeast(long tokens) {
    if (tokens < 1) {
      throw new IllegalArgumentException("tokens must be at least 1, was " + tokens);
    }
    String why = "fewer than " + tokens + " output tokens";
    return outcome -> outcome.result().outputTokens() >= tokens ? null : why;
  }

  /**
   * TTFT at most {@code ms} milliseconds (a constant); a request without any token fails it.
   *
   * @param ms the bound in milliseconds, a positive constant
   * @return the check
   */
  public static AnswerCheck ttftAtMost(double ms) {
    return figureAtMost("TTFT", ms, RequestResult::ttftNanos, "no token, so no TTFT");
  }

  /**
   * TPOT at most {@code ms} milliseconds; undefined for a single output token, so such a request passes.
   *
   * @param ms the bound in milliseconds, a positive constant
   * @return the check
   */
  public static AnswerCheck tpotAtMost(double ms) {
    return figureAtMost("TPOT", ms, RequestResult::tpotNanos, null);
  }

  /**
   * E2EL (sent to the last token event) at most {@code ms} milliseconds; a request without any token fails it.
   *
   * @param ms the bound in milliseconds, a positive constant
   * @return the check
   */
  public static AnswerCheck e2elAtMost(double ms) {
    return figureAtMost("E2EL", ms, RequestResult::e2elNanos, "no token, so no E2EL");
  }

  /**
   * @param whenAbsent the failure when the request lacks the figure (-1), or null to let it pass
   */
  private static AnswerCheck figureAtMost(String figure, double ms, ToLongFunction<RequestResult> nanos,
      String whenAbsent) {
    if (!(ms > 0) || Double.isInfinite(ms)) {
      throw new IllegalArgumentException(figure + " bound must be a positive number of ms, was " + ms);
    }
    long bound = Math.round(ms * 1_000_000);
    String why = figure + " above " + Micros.formatNumber(ms) + " ms";
    return outcome -> {
      long value = nanos.applyAsLong(outcome.result());
      return value < 0 ? whenAbsent : value <= bound ? null : why;
    };
  }
}
