package dev.gatlingllm.action;

import dev.gatlingllm.stream.StreamOutcome;

/** Receives every finished request, on the virtual user's thread; must not block. */
@FunctionalInterface
public interface ResultRecorder {
  ResultRecorder NONE = (name, startMillis, outcome) -> {};

  void record(String requestName, long startEpochMillis, StreamOutcome outcome);
}
