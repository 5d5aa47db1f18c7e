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
public record NamedFigures(String requestName, Figures figures) {}
