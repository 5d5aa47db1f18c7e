package dev.gatlingllm.report;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.stats.Distribution;

/**
 * The latency an open-model level shows from each request's arrival (docs/metrics.md, "Open
 * model"): the TTFT of streamed answers, or, for a run of embeddings and rerank requests alone,
 * whose answers come whole and have no first token, the E2EL. Every request of such a run is a
 * pooling one, so the level's E2EL from arrival is theirs.
 */
final class FromArrival {
  private FromArrival() {}

  /** "E2EL" for a pooling-only run, else "TTFT": the name of {@link #latency}. */
  static String latencyName(boolean poolingOnly) {
    return poolingOnly ? "E2EL" : "TTFT";
  }

  /** The level's TTFT from arrival, or its E2EL from arrival for a pooling-only run. */
  static Distribution latency(Figures level, boolean poolingOnly) {
    return poolingOnly ? level.latency().e2elFromScheduled() : level.latency().ttftFromScheduled();
  }
}
