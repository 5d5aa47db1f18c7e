/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Capacity, knee and cost across the levels of a sweep.
 */
package dev.gatlingllm.metrics.sweep;
