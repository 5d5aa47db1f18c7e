package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.level.TokenMismatch;
import dev.gatlingllm.metrics.level.TokenMismatch.Differing;
import org.junit.jupiter.api.Test;

/** The gap's sentence says which requests differ, by how much, and why they likely do. */
class TokenGapTextTest {
  /** The sentence of a gap of {@code difference} tokens out of the server's {@code server}. */
  private static String sentence(long requests, long server, long difference, Differing causes) {
    return TokenGapText.describe(
        new TokenMismatch(
            requests,
            server,
            server - difference,
            difference,
            100.0 * difference / server,
            causes));
  }

  @Test
  void aGapNamesItsRequestsTheirSpreadAndTheirCauses() {
    // 40 requests, 11 differ: 9 tool calls, 2 text only, from +1 to +20 tokens; 162 of 398.
    assertEquals(
        "162 (40.70 %): 11 of 40 requests differ, by +1 to +20 tokens each (server - client);"
            + " 9 with tool calls (the call's name and template markers, which the client does not"
            + " see, or arguments its tokenizer cuts otherwise); 2 text only (the client's tokenizer is not the model's: set"
            + " llm.clientTokenizer to its tokenizer.json)",
        sentence(40, 398, 162, new Differing(11, 9, 0, 2, 1, 20)));
    assertEquals(
        "4 (7.69 %): 2 of 2 requests differ, by +2 tokens each (server - client); 2 text only"
            + " (the same few tokens per request: special tokens or a chat template the server"
            + " counts)",
        sentence(2, 52, 4, new Differing(2, 0, 0, 2, 2, 2)),
        "the same difference on every request reads as a fixed cost");
    assertEquals(
        "30 (60.00 %): 1 of 3 requests differ, by +30 tokens each (server - client); 1 with"
            + " reasoning (thinking the server counts but streams in part or not at all)",
        sentence(3, 50, 30, new Differing(1, 0, 1, 0, 30, 30)));
  }

  @Test
  void countsThatAgreeSaySo() {
    assertEquals("0 (0.00 %): all 40 requests agree", sentence(40, 320, 0, Differing.NONE));
  }
}
