package dev.gatlingllm.metrics.level;

/**
 * How far the server's output token counts and the client tokenizer's disagree, over the requests
 * that have both (metrics.md: "the report says ... the mismatch (count and %)").
 *
 * @param requests requests with both counts
 * @param serverTokens the server's total over them
 * @param clientTokens the client's total over them
 * @param absoluteDifference the sum of |server - client| per request
 * @param percent absoluteDifference as a percentage of serverTokens (0 when there are none)
 */
public record TokenMismatch(
    long requests, long serverTokens, long clientTokens, long absoluteDifference, double percent) {}
