/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The incremental, bounded, byte-level newline-delimited JSON decoder.
 */
package dev.gatlingllm.ndjson;
