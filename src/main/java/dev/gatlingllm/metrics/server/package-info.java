/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>What the server says about itself: its Prometheus page parsed, engines' names mapped to
 * neutral figures, per level.
 */
package dev.gatlingllm.metrics.server;
