package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.level.Figures;

/**
 * The figures of the requests of one Gatling request name ({@code chat}, {@code chat turn 2}), over
 * the run's measurement windows: a run whose requests differ by name (other output limits, prompts,
 * turns) is read by name beside its totals, not only mixed in them.
 *
 * @param requestName the Gatling request name
 * @param figures its requests' figures, rates over the run's window (so that the names' output
 *     tok/s add up to the run's)
 */
public record NamedFigures(String requestName, Figures figures) {
  /**
   * True when every request of the name was an embeddings or rerank request: the name is read in
   * its requests' own figures ({@link Figures#pooled()}: requests/s, inputs/s, input tok/s, E2EL),
   * as it has no output tokens, TTFT or TPOT.
   */
  public boolean poolingOnly() {
    return figures.pooled().coversAll(figures.counts());
  }
}
