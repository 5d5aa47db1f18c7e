package dev.gatlingllm.dsl;

import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.check.JsonValues;
import dev.gatlingllm.check.ValueCheck.Found;
import dev.gatlingllm.check.ValueCheck;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.stream.FinishedStream;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks on a request's answer, for {@code chat("chat").check(...)}: each is judged when the request succeeded,
 * and the first that fails makes it KO with {@code check failed: <why>}. The expected values are constants; the
 * messages name the check, not the answer, so that Gatling groups the KOs of one cause on one row (the answer's
 * figures are in {@code llm/requests.csv}).
 *
 * <p>The checks that find a value ({@link #answerJsonPath}, {@link #answerRegex}, {@link #toolCallName},
 * {@link #toolCallArguments}) pass when it is there, with {@code .is(expected)} when it equals a constant, and
 * with {@code .saveAs(key)} save it (a String) in the session when the request ends OK:
 * {@code answerRegex("capital is (\\w+)").saveAs("city")}, then {@code "#{city}"}.
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
   * A value of the answer parsed as JSON, at a JSONPath to one value: {@code $}, {@code .name},
   * {@code ['name']}, {@code [index]} (e.g. {@code answerJsonPath("$.name").is("x")}). Fails when the answer is not
   * JSON or holds nothing there. Compiled here: a path that could select several values throws. Not named
   * {@code jsonPath}: Gatling's {@code CoreDsl.jsonPath} has the same parameters, and a simulation importing both
   * DSLs with {@code .*} would not compile.
   *
   * @param path a JSONPath to one value, a constant
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck answerJsonPath(String path) {
    return new ValueCheck("jsonPath " + path, JsonValues.search(path, "the answer", "the answer is not JSON",
        FinishedStream::content));
  }

  /**
   * The first match of the regular expression in the answer: its first group when it has one, else the whole
   * match (compiled once, here). Fails when nothing matches.
   *
   * @param regex a Java regular expression, a constant
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck answerRegex(String regex) {
    Pattern pattern = Pattern.compile(LlmRequestActionBuilder.requireText(regex, "regex"));
    String noMatch = "answer does not match /" + regex + "/";
    return new ValueCheck("answer regex /" + regex + "/", outcome -> {
      Matcher matcher = pattern.matcher(outcome.content());
      if (!matcher.find()) {
        return Found.none(noMatch);
      }
      String value = matcher.groupCount() > 0 ? matcher.group(1) : matcher.group();
      return value == null ? Found.none(noMatch) : Found.of(value);
    });
  }

  /**
   * The function name of the first tool call the model streamed; fails when it called none.
   *
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck toolCallName() {
    return new ValueCheck("tool call name", outcome -> outcome.toolCalls().isEmpty()
        ? Found.none("no tool call")
        : Found.of(outcome.toolCalls().get(0).name()));
  }

  /**
   * A value of the first tool call's arguments (a JSON object), at a JSONPath as in {@link #answerJsonPath}, e.g.
   * {@code toolCallArguments("$.city").is("Paris")}; fails without a tool call, or when the arguments are not
   * JSON or hold nothing there.
   *
   * @param path a JSONPath to one value, a constant
   * @return a value check: add {@code .is(expected)} and/or {@code .saveAs(key)}
   */
  public static ValueCheck toolCallArguments(String path) {
    var inArguments = JsonValues.<FinishedStream>search(path, "the tool call arguments",
        "the tool call arguments are not JSON",
        outcome -> outcome.toolCalls().get(0).arguments());
    return new ValueCheck("tool call arguments " + path, outcome -> outcome.toolCalls().isEmpty()
        ? Found.none("no tool call")
        : inArguments.apply(outcome));
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
