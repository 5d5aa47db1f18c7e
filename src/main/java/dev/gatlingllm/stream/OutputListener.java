package dev.gatlingllm.stream;

import dev.gatlingllm.values.TokenEvent;

/**
 * What an exchange tells of its output as it arrives and of its end: the DSL's {@code
 * OutputListener} as the exchange calls it, on the virtual user's event loop. See that interface
 * for what a listener may do there.
 */
public interface OutputListener {
  /** One piece of output of a token event, once the whole event is read. */
  void onToken(TokenEvent event);

  /**
   * The request's stream ended (OK or KO), before its answer checks are judged and its records
   * logged.
   */
  default void onEnd(FinishedStream finished) {}
}
