package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCounts;

/** Sums a level's {@link TokenMismatch} request by request; levels merge into the run's. */
final class TokenMismatchTally {
  private long requests;
  private long server;
  private long client;
  private long difference;
  private long differing;
  private long toolCalls;
  private long reasoning;
  private long textOnly;
  private long minDifference = Long.MAX_VALUE;
  private long maxDifference = Long.MIN_VALUE;

  /** A completed request; counted only when both the server's and the client's counts exist. */
  void add(RequestRow record) {
    TokenCounts tokens = record.tokens();
    if (tokens.serverOutputTokens() < 0 || tokens.clientOutputTokens() < 0) {
      return;
    }
    requests++;
    server += tokens.serverOutputTokens();
    client += tokens.clientOutputTokens();
    long signed = tokens.serverOutputTokens() - tokens.clientOutputTokens();
    if (signed == 0) {
      return;
    }
    difference += Math.abs(signed);
    differing++;
    minDifference = Math.min(minDifference, signed);
    maxDifference = Math.max(maxDifference, signed);
    if (endedInToolCall(tokens.finishReason())) {
      toolCalls++;
    } else if (record.server().reasoningTokens() > 0
        || tokens.answerEvents() >= 0 && tokens.answerEvents() < tokens.tokenEvents()) {
      reasoning++;
    } else {
      textOnly++;
    }
  }

  /** OpenAI's {@code tool_calls}, Anthropic's {@code tool_use}. */
  private static boolean endedInToolCall(String finishReason) {
    return "tool_calls".equals(finishReason) || "tool_use".equals(finishReason);
  }

  void merge(TokenMismatchTally other) {
    requests += other.requests;
    server += other.server;
    client += other.client;
    difference += other.difference;
    differing += other.differing;
    toolCalls += other.toolCalls;
    reasoning += other.reasoning;
    textOnly += other.textOnly;
    minDifference = Math.min(minDifference, other.minDifference);
    maxDifference = Math.max(maxDifference, other.maxDifference);
  }

  TokenMismatch result() {
    return new TokenMismatch(
        requests,
        server,
        client,
        difference,
        server == 0 ? 0 : 100.0 * difference / server,
        differing == 0
            ? TokenMismatch.Differing.NONE
            : new TokenMismatch.Differing(
                differing, toolCalls, reasoning, textOnly, minDifference, maxDifference));
  }
}
