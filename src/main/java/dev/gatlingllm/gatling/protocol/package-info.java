/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>LlmProtocol: the protocol value, its key and its per-run components.
 */
package dev.gatlingllm.gatling.protocol;
