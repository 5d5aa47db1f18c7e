/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Whether the client itself kept up (event-loop delay), so that its figures can be trusted.
 */
package dev.gatlingllm.metrics.health;
