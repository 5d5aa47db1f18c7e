package dev.gatlingllm.values;

/**
 * A provider's rate limits: requests per minute and tokens per minute, tokens counted as providers
 * meter them when a request arrives (its input plus its output limit). 0 means no limit of that
 * kind.
 *
 * @param requestsPerMinute at least 0
 * @param tokensPerMinute at least 0
 */
public record RateBudget(long requestsPerMinute, long tokensPerMinute) {
  public RateBudget {
    if (requestsPerMinute < 0 || tokensPerMinute < 0) {
      throw new IllegalArgumentException(
          "rate limits must be >= 0, were "
              + requestsPerMinute
              + " requests and "
              + tokensPerMinute
              + " tokens per minute");
    }
    if (requestsPerMinute == 0 && tokensPerMinute == 0) {
      throw new IllegalArgumentException(
          "a rate budget needs a requests-per-minute or a tokens-per-minute limit");
    }
  }

  /** A readable line, e.g. {@code 120 requests/min, 40000 tokens/min}. */
  public String describe() {
    String requests = requestsPerMinute > 0 ? requestsPerMinute + " requests/min" : null;
    String tokens = tokensPerMinute > 0 ? tokensPerMinute + " tokens/min" : null;
    return requests == null ? tokens : tokens == null ? requests : requests + ", " + tokens;
  }
}
