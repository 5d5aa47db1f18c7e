package dev.gatlingllm.stream;

import dev.gatlingllm.metrics.request.RequestResult;

/**
 * What one streamed exchange produced: its figures and the generated text.
 *
 * @param result the request's figures and status
 * @param content the answer text
 * @param reasoning the reasoning text (empty for models that do not stream reasoning)
 * @param finishReason the last {@code finish_reason}, or null
 */
public record FinishedStream(RequestResult result, String content, String reasoning, String finishReason) {}
