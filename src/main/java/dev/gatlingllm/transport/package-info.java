/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The seam between the HTTP client and a stream: response head, body chunks, end, errors.
 */
package dev.gatlingllm.transport;
