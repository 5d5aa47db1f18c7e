/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The OpenAI wire formats (Chat Completions and the legacy Completions), which most LLM servers
 * speak: OpenAI, vLLM, SGLang, llama.cpp, TGI and the gateways in front of them.
 *
 * <p>Both dialects share one request writer, one stream interpreter (parameterised by where the
 * text sits in a choice) and one error-message reader.
 */
package dev.gatlingllm.api.openai;
