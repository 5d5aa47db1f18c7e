package dev.gatlingllm.report;

import dev.gatlingllm.metrics.level.TokenMismatch;

/**
 * The server-vs-client token count gap in words, the same on the console and the page: not one
 * percentage but which requests differ, by how much each, and the likely cause (metrics.md).
 */
final class TokenGapText {
  private TokenGapText() {}

  /**
   * E.g. {@code 162 (40.70 %): 11 of 40 requests differ, by +8 to +20 tokens each (server -
   * client); 11 with tool calls (...)}; {@code 0 (0.00 %): all 40 requests agree}.
   */
  static String describe(TokenMismatch mismatch) {
    StringBuilder text =
        new StringBuilder()
            .append(mismatch.absoluteDifference())
            .append(" (")
            .append(Numbers.fixed(mismatch.percent(), 2))
            .append(" %)");
    TokenMismatch.Differing causes = mismatch.causes();
    if (causes.requests() == 0) {
      return text.append(": all ").append(mismatch.requests()).append(" requests agree").toString();
    }
    text.append(": ")
        .append(causes.requests())
        .append(" of ")
        .append(mismatch.requests())
        .append(" requests differ, by ")
        .append(signed(causes.minDifference()));
    if (!causes.constant()) {
      text.append(" to ").append(signed(causes.maxDifference()));
    }
    text.append(" tokens each (server - client)");
    cause(
        text,
        causes.toolCalls(),
        "with tool calls (the call's name and template markers, which the client does not see, or"
            + " arguments its tokenizer cuts otherwise)");
    cause(
        text,
        causes.reasoning(),
        "with reasoning (thinking the server counts but streams in part or not at all)");
    cause(
        text,
        causes.textOnly(),
        causes.constant()
            ? "text only (the same few tokens per request: special tokens or a chat template the server counts)"
            : "text only (the client's tokenizer is not the model's: set llm.clientTokenizer to its tokenizer.json)");
    return text.toString();
  }

  private static void cause(StringBuilder text, long requests, String what) {
    if (requests > 0) {
      text.append("; ").append(requests).append(' ').append(what);
    }
  }

  private static String signed(long difference) {
    return difference > 0 ? "+" + difference : Long.toString(difference);
  }
}
