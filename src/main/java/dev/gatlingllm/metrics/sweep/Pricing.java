package dev.gatlingllm.metrics.sweep;

/**
 * What serving costs, to compare self-hosting with a per-token API (metrics.md, Cost).
 *
 * @param pricePerHour what the deployment under test costs per hour (e.g. a GPU instance), in any
 *     currency
 * @param pricePerMillionOutputTokens what the API it is compared with charges per million output
 *     tokens
 */
public record Pricing(double pricePerHour, double pricePerMillionOutputTokens) {
  /** The server's hourly price alone: the cost of its output tokens, with no API to compare. */
  public static Pricing hourly(double pricePerHour) {
    return new Pricing(pricePerHour, Double.NaN);
  }

  public Pricing {
    if (!(pricePerHour > 0)
        || !(pricePerMillionOutputTokens > 0 || Double.isNaN(pricePerMillionOutputTokens))) {
      throw new IllegalArgumentException(
          "pricing: both prices must be > 0, got "
              + pricePerHour
              + "/h and "
              + pricePerMillionOutputTokens
              + "/M");
    }
  }

  /**
   * Output tok/s at which the deployment costs as much as the API: (price/h / price/M) * 1e6 /
   * 3600.
   */
  public double breakEvenTokensPerSecond() {
    return hasApiPrice() ? pricePerHour / pricePerMillionOutputTokens * 1e6 / 3600.0 : Double.NaN;
  }

  /** Whether an API's price is given to compare with; NaN figures stand for it otherwise. */
  public boolean hasApiPrice() {
    return !Double.isNaN(pricePerMillionOutputTokens);
  }

  /**
   * Cost of one million output tokens when the deployment sustains {@code outputTokensPerSecond}.
   */
  public double costPerMillionOutputTokens(double outputTokensPerSecond) {
    return outputTokensPerSecond > 0
        ? pricePerHour / (outputTokensPerSecond * 3600.0) * 1e6
        : Double.NaN;
  }
}
