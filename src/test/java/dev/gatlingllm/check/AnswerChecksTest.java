package dev.gatlingllm.check;

import static dev.gatlingllm.dsl.LlmDsl.answerContains;
import static dev.gatlingllm.dsl.LlmDsl.answerMatches;
import static dev.gatlingllm.dsl.LlmDsl.e2elAtMost;
import static dev.gatlingllm.dsl.LlmDsl.finishReasonIs;
import static dev.gatlingllm.dsl.LlmDsl.outputTokensAtLeast;
import static dev.gatlingllm.dsl.LlmDsl.tpotAtMost;
import static dev.gatlingllm.dsl.LlmDsl.ttftAtMost;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.SyntheticResults;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.stream.AnswerChecking;
import dev.gatlingllm.stream.FinishedStream;
import java.time.Duration;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

/**
 * Each answer check passes and fails where it should; the first failure makes an OK request KO,
 * figures kept.
 */
class AnswerChecksTest {
  private static final FinishedStream PARIS =
      new FinishedStream(
          stopped(
              SyntheticResults.ok(50 * SyntheticResults.MS, 4, 20 * SyntheticResults.MS, 4, 10)),
          "The capital is Paris.",
          "");

  /** {@code r} as an answer the model ended itself. */
  private static RequestResult stopped(RequestResult r) {
    return ResultBuilder.from(r).generation(-1, "stop").build();
  }

  private static String judged(AnswerCheck... checks) {
    FinishedStream out = AnswerChecking.judge(List.of(checks), PARIS);
    return out.result().ok() ? null : out.result().verdict().message();
  }

  @Test
  void passingChecksLeaveTheOutcomeAsItWas() {
    assertSame(
        PARIS,
        AnswerChecking.judge(
            List.of(
                answerContains("Paris"),
                answerMatches("capital is \\w+"),
                finishReasonIs("stop"),
                outputTokensAtLeast(4)),
            PARIS));
  }

  @Test
  void eachCheckFailsWithItsOwnMessage() {
    assertEquals("check failed: answer does not contain 'Rome'", judged(answerContains("Rome")));
    assertEquals("check failed: answer does not match /^Paris/", judged(answerMatches("^Paris")));
    assertEquals(
        "check failed: finish reason is 'stop', expected 'length'",
        judged(finishReasonIs("length")));
    assertEquals("check failed: fewer than 5 output tokens", judged(outputTokensAtLeast(5)));
  }

  @Test
  void latencyBoundsOnTheRequestsOwnFigures() {
    // PARIS: TTFT 50 ms, then 3 gaps of 20 ms: E2EL 110 ms, TPOT 20 ms.
    assertEquals(
        null,
        judged(
            ttftAtMost(Duration.ofMillis(50)),
            tpotAtMost(Duration.ofMillis(20)),
            e2elAtMost(Duration.ofMillis(110))));
    assertEquals(
        "check failed: TTFT above 49.5 ms", judged(ttftAtMost(Duration.ofNanos(49_500_000))));
    assertEquals("check failed: TPOT above 19 ms", judged(tpotAtMost(Duration.ofMillis(19))));
    assertEquals("check failed: E2EL above 100 ms", judged(e2elAtMost(Duration.ofMillis(100))));
    FinishedStream noToken =
        new FinishedStream(stopped(SyntheticResults.ok(-1, 0, 0, 0, 10)), "", "");
    assertEquals(
        "check failed: no token, so no TTFT",
        AnswerChecking.judge(List.of(ttftAtMost(Duration.ofMillis(500))), noToken)
            .result()
            .verdict()
            .message());
    assertThrows(IllegalArgumentException.class, () -> ttftAtMost(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> tpotAtMost(Double.NaN));
  }

  @Test
  void theFirstFailingCheckNamesTheKoAndTheFiguresStay() {
    FinishedStream out =
        AnswerChecking.judge(
            List.of(answerContains("Paris"), outputTokensAtLeast(100), answerContains("Rome")),
            PARIS);
    RequestResult r = out.result();
    assertFalse(r.ok());
    assertEquals("check failed: fewer than 100 output tokens", r.verdict().message());
    assertEquals(200, r.verdict().httpStatus());
    assertEquals(PARIS.result().timing().ttftNanos(), r.timing().ttftNanos());
    assertEquals(PARIS.result().tokens().tokenEvents(), r.tokens().tokenEvents());
    assertEquals(PARIS.content(), out.content());
  }

  @Test
  void aKoKeepsItsOwnMessage() {
    FinishedStream ko =
        new FinishedStream(
            ResultBuilder.from(PARIS.result())
                .outcome(Verdict.ko(429, "HTTP 429: slow down"))
                .generation(-1, null)
                .build(),
            "",
            "");
    assertSame(ko, AnswerChecking.judge(List.of(answerContains("Paris")), ko));
  }

  @Test
  void aCheckThatThrowsFailsItsRequest() {
    AnswerCheck broken =
        outcome -> {
          throw new IllegalStateException("broke");
        };
    assertEquals("check failed: IllegalStateException: broke", judged(broken));
  }

  @Test
  void badArgumentsFailWhenTheScenarioIsBuilt() {
    assertThrows(PatternSyntaxException.class, () -> answerMatches("("));
    assertThrows(IllegalArgumentException.class, () -> outputTokensAtLeast(0));
    assertThrows(IllegalArgumentException.class, () -> answerContains(" "));
    assertTrue(judged(finishReasonIs("stop")) == null);
  }
}
