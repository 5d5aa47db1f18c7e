/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The JSON cursors stream interpreters read chunks with: allocation-free on UTF-8 bytes, Jackson
 * for the rest.
 */
package dev.gatlingllm.api.json;
