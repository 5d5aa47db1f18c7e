package dev.gatlingllm.metrics.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import org.junit.jupiter.api.Test;

/** Which requests make a server-vs-client token gap, by how much, and their likely cause. */
class TokenMismatchTallyTest {
  private static RequestRow row(long server, long client, String finish, int events, int answer) {
    return RequestRow.builder()
        .serverOutputTokens(server)
        .clientOutputTokens(client)
        .finishReason(finish)
        .tokenEvents(events)
        .answerEvents(answer)
        .build();
  }

  @Test
  void eachDifferingRequestIsPutUnderItsLikelyCause() {
    TokenMismatchTally level1 = new TokenMismatchTally();
    level1.add(row(10, 10, "stop", 10, 10)); // agrees
    level1.add(row(30, 22, "tool_calls", 22, 0)); // +8: a tool call
    level1.add(row(12, 9, "tool_use", 9, 0)); // +3: Anthropic's tool call
    TokenMismatchTally level2 = new TokenMismatchTally();
    level2.add(row(50, 20, "stop", 40, 20)); // +30: half its events held no answer: reasoning
    level2.add(row(11, 10, "length", 10, 10)); // +1: text only
    level2.add(row(9, 10, "length", 10, 10)); // -1: text only
    level2.add(row(5, -1, "stop", 5, 5)); // no client count: not compared
    level1.merge(level2);
    TokenMismatch m = level1.result();
    assertEquals(6, m.requests());
    assertEquals(10 + 30 + 12 + 50 + 11 + 9, m.serverTokens());
    assertEquals(10 + 22 + 9 + 20 + 10 + 10, m.clientTokens());
    assertEquals(8 + 3 + 30 + 1 + 1, m.absoluteDifference());
    assertEquals(100.0 * 43 / 122, m.percent(), 1e-9);
    assertEquals(new TokenMismatch.Differing(5, 2, 1, 2, -1, 30), m.causes());
    assertEquals(1, m.agreeing());
  }

  @Test
  void aServerThatCountsTwoTokensMoreOnEveryRequestShowsAConstantDifference() {
    TokenMismatchTally tally = new TokenMismatchTally();
    tally.add(row(18, 16, "length", 16, 16));
    tally.add(row(34, 32, "length", 32, 32));
    TokenMismatch.Differing causes = tally.result().causes();
    assertEquals(new TokenMismatch.Differing(2, 0, 0, 2, 2, 2), causes);
    assertTrue(causes.constant());
  }

  @Test
  void countsThatAgreeLeaveNoDifferingRequest() {
    TokenMismatchTally tally = new TokenMismatchTally();
    tally.add(row(8, 8, "length", 8, 8));
    assertEquals(new TokenMismatch(1, 8, 8, 0, 0.0, TokenMismatch.Differing.NONE), tally.result());
  }
}
