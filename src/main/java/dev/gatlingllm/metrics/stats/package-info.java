/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Latency histograms (HDR), distributions, per-second series.
 */
package dev.gatlingllm.metrics.stats;
