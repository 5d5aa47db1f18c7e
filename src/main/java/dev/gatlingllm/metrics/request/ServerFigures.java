package dev.gatlingllm.metrics.request;

/**
 * What the server said of its own work on one request, the same in its result and in its row of
 * {@code requests.csv}: -1 for a figure it did not send.
 *
 * @param decodeMicros the server's own measure of the time it spent generating the output (Ollama's
 *     {@code eval_duration}, from llama.cpp's {@code timings})
 * @param prefillMicros the server's own measure of its prompt time (llama.cpp's {@code
 *     timings.prompt_ms}, Ollama's {@code prompt_eval_duration})
 * @param reasoningTokens the part of the server's output count it counted as reasoning (OpenAI's
 *     {@code reasoning_tokens})
 */
public record ServerFigures(long decodeMicros, long prefillMicros, long reasoningTokens) {}
