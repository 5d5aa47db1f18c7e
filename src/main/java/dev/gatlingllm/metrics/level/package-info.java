/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>One load level's window and running figures.
 */
package dev.gatlingllm.metrics.level;
