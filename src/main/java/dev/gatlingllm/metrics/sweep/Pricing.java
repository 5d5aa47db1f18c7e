package dev.gatlingllm.metrics.sweep;

/**
 * What serving costs, to compare self-hosting with a per-token API (metrics.md, Cost).
 *
 * @param pricePerHour what the deployment under test costs per hour (e.g. a GPU instance)
 * @param pricePerMillionOutputTokens what the API it is compared with charges per million output
 *     tokens
 * @param currency the currency of both prices, as the report writes it after an amount (an ISO 4217
 *     code: {@value #DEFAULT_CURRENCY} by default)
 */
public record Pricing(double pricePerHour, double pricePerMillionOutputTokens, String currency) {
  public static final String DEFAULT_CURRENCY = "USD";

  /** Both prices in the default currency. */
  public Pricing(double pricePerHour, double pricePerMillionOutputTokens) {
    this(pricePerHour, pricePerMillionOutputTokens, DEFAULT_CURRENCY);
  }

  /** The server's hourly price alone: the cost of its output tokens, with no API to compare. */
  public static Pricing hourly(double pricePerHour) {
    return new Pricing(pricePerHour, Double.NaN);
  }

  /** The same prices in another currency. */
  public Pricing withCurrency(String code) {
    return new Pricing(pricePerHour, pricePerMillionOutputTokens, code);
  }

  public Pricing {
    currency = currency == null ? DEFAULT_CURRENCY : currency.trim();
    if (!currency.matches("[A-Za-z]{3}")) {
      throw new IllegalArgumentException(
          "pricing: the currency must be a three-letter code such as USD or EUR, was '"
              + currency
              + "'");
    }
    currency = currency.toUpperCase(java.util.Locale.ROOT);
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
