package dev.gatlingllm.api;

import dev.gatlingllm.values.OutputKind;

/**
 * What an {@link StreamInterpreter} found in one frame. Called synchronously from {@code onFrame}.
 */
public interface StreamSignals {
  /** Generated output; called only with a non-empty text (an empty or null delta is not output). */
  void onOutput(OutputKind kind, String text);

  /** Server token counts ({@code usage}); -1 for a count the server did not give. */
  void onUsage(long promptTokens, long completionTokens);

  /**
   * The server's own measure of the time it spent generating the output (Ollama's {@code
   * eval_duration}, llama.cpp's {@code predicted_per_token_ms} x {@code predicted_n}), in
   * nanoseconds: its decode speed, beside the client's figures. Most APIs send none.
   */
  default void onServerDecodeTime(long nanos) {}

  /**
   * The server's own measure of the time it spent on the prompt before generating (llama.cpp's
   * {@code timings.prompt_ms}, Ollama's {@code prompt_eval_duration}), in nanoseconds: a part of
   * every TTFT, whose rest is queueing, delivery and the client. Most APIs send none.
   */
  default void onServerPrefillTime(long nanos) {}

  /**
   * The server's count of reasoning tokens within the output tokens of {@link #onUsage} (OpenAI's
   * {@code completion_tokens_details.reasoning_tokens}, the Responses API's {@code
   * output_tokens_details.reasoning_tokens}), for dialects whose API reports it apart. Called after
   * {@code onUsage} in the same event.
   */
  default void onReasoningTokens(long reasoningTokens) {}

  /** A choice finished ({@code finish_reason}: stop, length, tool_calls...). */
  void onFinish(String reason);

  /** The server reported an error inside the stream (e.g. an {@code error} object). */
  void onStreamError(String message);

  /** The stream's explicit end ({@code data: [DONE]}). */
  void onDone();

  /**
   * The event could not be understood (e.g. invalid JSON); the message says why, with a short
   * excerpt.
   */
  void onMalformed(String message);
}
