/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The incremental, bounded, byte-level Server-Sent Events decoder.
 */
package dev.gatlingllm.sse;
