package dev.gatlingllm.api;

/** The kinds of generated output a streamed event can carry; each one makes the event a token event. */
public enum OutputKind {
  /** The answer text ({@code delta.content}, {@code text}). */
  CONTENT,
  /** Reasoning text ({@code delta.reasoning_content} or {@code delta.reasoning}). */
  REASONING,
  /** A tool-call delta (name or arguments fragment). */
  TOOL_CALL
}
