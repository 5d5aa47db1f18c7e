package dev.gatlingllm.api;

import dev.gatlingllm.sse.SseEvent;

/** Turns the events of one response stream into {@link StreamSignals}. One instance per stream, one thread. */
public interface StreamInterpreter {
  /**
   * Reads one event and reports what it carries. An event may produce several signals (e.g. content and
   * usage) or none (a role-only delta). Never throws for bad input: reports {@link StreamSignals#onMalformed}.
   */
  void onEvent(SseEvent event, StreamSignals signals);
}
