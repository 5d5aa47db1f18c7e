package dev.gatlingllm.api;

import dev.gatlingllm.framing.Frame;

/**
 * Turns the frames of one response stream (SSE events, NDJSON lines: see {@link
 * LlmDialect#framing()}) into {@link StreamSignals}. One instance per stream, one thread.
 */
public interface StreamInterpreter {
  /**
   * Reads one frame and reports what it carries. A frame may produce several signals (e.g. content
   * and usage) or none (a role-only delta). Never throws for bad input: reports {@link
   * StreamSignals#onMalformed}. The frame is only valid during this call.
   */
  void onFrame(Frame frame, StreamSignals signals);
}
