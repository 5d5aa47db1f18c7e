/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>One streamed exchange from first byte to its single end: timeouts, bounds, KO messages, token
 * events; the exchanges in flight, which a stop ends as aborted.
 */
package dev.gatlingllm.stream;
