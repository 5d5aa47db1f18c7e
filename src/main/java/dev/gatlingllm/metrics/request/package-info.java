/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>One request's timeline and its immutable figures, verdict (OK/KO) and row.
 */
package dev.gatlingllm.metrics.request;
