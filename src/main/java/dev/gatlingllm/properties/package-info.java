/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The one registry of the llm.* system properties: which exist, where each applies, the nearest
 * name to a mistyped one.
 */
package dev.gatlingllm.properties;
