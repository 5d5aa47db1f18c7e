package dev.gatlingllm.action;

import dev.gatlingllm.stream.StreamOutcome;

/** Receives every finished request, on the virtual user's thread; must not block. */
@FunctionalInterface
public interface ResultRecorder {
  ResultRecorder NONE = (name, startMillis, level, outcome) -> {};

  /** @param level the 0-based load level of the request's virtual user, or -1 outside any level */
  void record(String requestName, long startEpochMillis, int level, StreamOutcome outcome);
}
