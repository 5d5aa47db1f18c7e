package dev.gatlingllm.stream;

import dev.gatlingllm.check.Answer;
import dev.gatlingllm.check.ToolCall;
import dev.gatlingllm.metrics.request.RequestResult;
import java.util.List;

/**
 * What one streamed exchange produced: its figures and the generated text; what checks and
 * listeners read of it is its {@link Answer} view.
 *
 * @param result the request's figures and status
 * @param content the answer text
 * @param reasoning the reasoning text (empty for models that do not stream reasoning)
 * @param toolCalls the streamed tool calls, in order (empty for an answer in text)
 */
public record FinishedStream(
    RequestResult result, String content, String reasoning, List<ToolCall> toolCalls)
    implements Answer {
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
  @Override
  public String finishReason() {
    return result.tokens().finishReason();
  }

  @Override
  public boolean ok() {
    return result.ok();
  }

  @Override
  public int httpStatus() {
    return result.verdict().httpStatus();
  }

  @Override
  public String error() {
    return result.verdict().message();
  }

  @Override
  public long inputTokens() {
    return result.tokens().inputTokens();
  }

  @Override
  public long outputTokens() {
    return result.tokens().outputTokens();
  }

  @Override
  public long ttftNanos() {
    return result.timing().ttftNanos();
  }

  @Override
  public long tpotNanos() {
    return result.timing().tpotNanos();
  }

  @Override
  public long e2elNanos() {
    return result.timing().e2elNanos();
  }

  /** The same texts with another result (e.g. the KO of a failed check). */
  public FinishedStream withResult(RequestResult changed) {
    return new FinishedStream(changed, content, reasoning, toolCalls);
  }
}
