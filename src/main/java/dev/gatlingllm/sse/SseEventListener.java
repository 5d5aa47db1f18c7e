package dev.gatlingllm.sse;

/** Receives the events an {@link SseDecoder} dispatches, in order, on the thread that feeds it. */
@FunctionalInterface
public interface SseEventListener {
  /** The event is only valid during this call: copy what must outlive it. */
  void onEvent(SseEvent event);

  /**
   * A {@code retry:} field with a valid value; LLM clients do not reconnect, so the default ignores
   * it.
   */
  default void onRetry(long millis) {}
}
