/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Searching bytes eight at a time (line ends, string ends).
 */
package dev.gatlingllm.bytes;
