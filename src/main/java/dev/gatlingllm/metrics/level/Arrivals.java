package dev.gatlingllm.metrics.level;

/**
 * The rates the requests started in a window arrived and were sent at (metrics.md, "Open model").
 *
 * @param arrivalRate requests / the level's arrival window for an open-model level that offered its
 *     rate for a set time; else (requests - 1) / (last arrival - first arrival), from their
 *     scheduled times, NaN under two requests
 * @param achievedRequestRate (requests - 1) / (last send - first send); below the arrival rate when
 *     the client queued arrivals it could not send (a cap on streams, a slow server)
 */
public record Arrivals(double arrivalRate, double achievedRequestRate) {
  /**
   * The share of the arrival rate the sends must reach for an open-model level to have carried its
   * offered load: below it, arrivals queued in the client and the server saw a lower rate.
   */
  public static final double KEEP_UP_SHARE = 0.95;

  /**
   * True when the requests were sent at no less than {@link #KEEP_UP_SHARE} of the rate they
   * arrived at, or when there are too few requests to tell.
   */
  public boolean keptArrivalRate() {
    return Double.isNaN(arrivalRate)
        || Double.isNaN(achievedRequestRate)
        || achievedRequestRate >= KEEP_UP_SHARE * arrivalRate;
  }
}
