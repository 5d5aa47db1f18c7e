/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>Ollama's native chat and generate APIs (NDJSON streams).
 */
package dev.gatlingllm.api.ollama;
