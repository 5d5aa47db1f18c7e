/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The APIs whose answer is not generated text but one JSON document: embeddings ({@code
 * /v1/embeddings}, OpenAI's form, which vLLM, TEI and llama.cpp serve) and rerank ({@code
 * /v1/rerank}, Cohere's and Jina's form, which vLLM, TEI and llama.cpp serve too). Their answers
 * come whole, so the exchange reads them as one {@link dev.gatlingllm.framing.Framing#JSON} frame
 * and the interpreters here check that the answer holds one result per input.
 */
package dev.gatlingllm.api.pooling;
