package dev.gatlingllm.dsl;

import dev.gatlingllm.stream.FinishedStream;
import dev.gatlingllm.stream.OutputListener;
import dev.gatlingllm.values.TokenEvent;

/**
 * A user's {@link TokenListener} as the exchange calls it, so that the stream package never names
 * the DSL.
 */
record TokenListenerCalls(TokenListener listener) implements OutputListener {
  /**
   * Hands the piece of output on.
   *
   * @param event the piece of output
   */
  @Override
  public void onToken(TokenEvent event) {
    listener.onToken(event);
  }

  /**
   * Hands the request's end on.
   *
   * @param finished the result and the kept texts, handed on as their answer view
   */
  @Override
  public void onEnd(FinishedStream finished) {
    listener.onEnd(finished);
  }
}
