package dev.gatlingllm.metrics.slo;

import dev.gatlingllm.metrics.stats.LatencyStats;

/**
 * Which SLO a level's requests missed, as shares of its requests (NaN for an SLO not set): what
 * tells a user why a level is not good, e.g. "41 % over the TTFT SLO" (a queue) against "30 % over
 * the TPOT SLO" (a full batch).
 *
 * @param failed failed requests / requests
 * @param overTtft successful requests over the TTFT SLO / requests
 * @param overTpot successful requests over the TPOT SLO / requests
 * @param overE2el successful requests over the E2EL SLO / requests
 */
public record SloMisses(double failed, double overTtft, double overTpot, double overE2el) {
  public static final SloMisses NONE =
      new SloMisses(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  public static SloMisses of(
      Slos slos,
      long requests,
      long failed,
      LatencyStats ttft,
      LatencyStats tpot,
      LatencyStats e2el) {
    if (requests == 0) {
      return NONE;
    }
    return new SloMisses(
        (double) failed / requests,
        share(slos.ttftMs(), ttft, requests),
        share(slos.tpotMs(), tpot, requests),
        share(slos.e2elMs(), e2el, requests));
  }

  private static double share(Double sloMs, LatencyStats stats, long requests) {
    return sloMs == null
        ? Double.NaN
        : (double) stats.countAbove(Math.round(sloMs * 1000)) / requests;
  }
}
