package dev.gatlingllm.metrics.level;

/**
 * What a provider's rate limiter sees of a level (metrics.md, "Rate limits"): the requests per
 * minute sent, the tokens per minute, and the requests it turned away with HTTP 429.
 *
 * @param requests every request started in the window, OK or KO (each attempt of a retried request
 *     counts)
 * @param rateLimited those answered HTTP 429
 * @param withRetryAfter the 429 answers that carried a {@code Retry-After}
 * @param requestsPerMinute requests / window, per minute
 * @param inputTokensPerMinute input tokens of the successful requests, per minute of window
 * @param outputTokensPerMinute output tokens that arrived in the window, per minute
 * @param meteredTokensPerMinute input + output limit ({@code max_tokens}) of every request sent,
 *     per minute: what providers count against a tokens-per-minute budget when a request arrives
 * @param busiestMinuteRequests the most requests sent within 60 consecutive seconds ({@link
 *     BusiestMinute})
 * @param busiestMinuteMeteredTokens the most metered tokens sent within 60 consecutive seconds
 */
public record RateFigures(
    long requests,
    long rateLimited,
    long withRetryAfter,
    double requestsPerMinute,
    double inputTokensPerMinute,
    double outputTokensPerMinute,
    double meteredTokensPerMinute,
    long busiestMinuteRequests,
    long busiestMinuteMeteredTokens) {

  /** rateLimited / requests, 0 without requests. */
  public double rateLimitedShare() {
    return requests == 0 ? 0 : (double) rateLimited / requests;
  }

  /** Input + output tokens per minute. */
  public double totalTokensPerMinute() {
    return inputTokensPerMinute + outputTokensPerMinute;
  }
}
