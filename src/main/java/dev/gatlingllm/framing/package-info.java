/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>What a dialect's stream is cut into: Frame (an event name or none, the data), Framing (SSE,
 * NDJSON), the decoder interface.
 */
package dev.gatlingllm.framing;
