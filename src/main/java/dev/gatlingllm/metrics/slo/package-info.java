/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Service-level objectives: what makes a request good, and what a level must attain.
 */
package dev.gatlingllm.metrics.slo;
