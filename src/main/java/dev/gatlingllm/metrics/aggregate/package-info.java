/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The run's recorder and summary: every request into its level, the figures out.
 */
package dev.gatlingllm.metrics.aggregate;
