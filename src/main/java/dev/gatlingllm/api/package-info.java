/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>API dialects behind LlmDialect: the request body, framing, content type, auth headers, stream
 * interpreter and error bodies of each wire format.
 */
package dev.gatlingllm.api;
