package dev.gatlingllm.values;

/**
 * The kinds of generated output a streamed event can carry; each one makes the event a token event.
 */
public enum OutputKind {
  /** The answer text ({@code delta.content}, {@code text}). */
  CONTENT,
  /** Reasoning text ({@code delta.reasoning_content} or {@code delta.reasoning}). */
  REASONING,
  /**
   * A tool-call delta's arguments fragment (or, from a dialect that does not tell them apart, any
   * tool-call text).
   */
  TOOL_CALL,
  /** A tool-call delta's function name: it starts a new call. */
  TOOL_CALL_NAME;

  /** True for both parts of a tool call. */
  public boolean isToolCall() {
    return this == TOOL_CALL || this == TOOL_CALL_NAME;
  }
}
