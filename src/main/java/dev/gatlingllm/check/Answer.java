package dev.gatlingllm.check;

import java.util.List;

/**
 * One request's answer as a check or a token listener reads it: the kept texts (redacted as the
 * request's session values are), how the request ended and its main figures. Read-only; a value the
 * request never reached is -1 (figures) or null (texts the server never sent).
 */
public interface Answer {
  /** The answer text, empty when none came. */
  String content();

  /** The reasoning text, empty for a model that streams none. */
  String reasoning();

  /** The streamed tool calls, in order; empty for an answer in text. */
  List<ToolCall> toolCalls();

  /** The last {@code finish_reason} the server sent, or null. */
  String finishReason();

  /** True when the request ended OK (before its answer checks are judged). */
  boolean ok();

  /** The response's HTTP status, or 0 when no response arrived. */
  int httpStatus();

  /** Why the request failed, or null when it is OK. */
  String error();

  /** The prompt tokens, or -1 when unknown. */
  long inputTokens();

  /** The output tokens N (metrics.md, "Token counts"). */
  long outputTokens();

  /** Time to first token in nanoseconds (metrics.md), or -1 without a first token. */
  long ttftNanos();

  /** Time per output token in nanoseconds, or -1 with fewer than two tokens. */
  long tpotNanos();

  /** End-to-end latency in nanoseconds (to the last token), or -1 without a token. */
  long e2elNanos();
}
