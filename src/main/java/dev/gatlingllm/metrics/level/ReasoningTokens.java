package dev.gatlingllm.metrics.level;

/**
 * The reasoning tokens the server counted apart within its output count (docs/metrics.md, "Token
 * counts"), over the requests whose server gave that count. They are part of the output tokens,
 * never added to them.
 *
 * @param requests the requests with a reasoning count
 * @param tokens their reasoning tokens in all
 */
public record ReasoningTokens(long requests, long tokens) {}
