package dev.gatlingllm.stream;

import dev.gatlingllm.metrics.request.RequestResult;
import java.util.List;

/**
 * What one streamed exchange produced: its figures and the generated text.
 *
 * @param result the request's figures and status
 * @param content the answer text
 * @param reasoning the reasoning text (empty for models that do not stream reasoning)
 * @param toolCalls the streamed tool calls, in order (empty for an answer in text)
 */
public record FinishedStream(
    RequestResult result, String content, String reasoning, List<ToolCall> toolCalls) {
  public FinishedStream {
    toolCalls = List.copyOf(toolCalls);
  }

  /** An outcome without tool calls. */
  public FinishedStream(RequestResult result, String content, String reasoning) {
    this(result, content, reasoning, List.of());
  }

  /**
   * The last {@code finish_reason}, or null: the result's, which every consumer of the request
   * reads.
   */
  public String finishReason() {
    return result.tokens().finishReason();
  }

  /** The same texts with another result (e.g. the KO of a failed check). */
  public FinishedStream withResult(RequestResult changed) {
    return new FinishedStream(changed, content, reasoning, toolCalls);
  }
}
