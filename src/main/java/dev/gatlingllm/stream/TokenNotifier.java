package dev.gatlingllm.stream;

import dev.gatlingllm.api.OutputPieces;
import dev.gatlingllm.values.OutputKind;
import dev.gatlingllm.values.TokenEvent;

/**
 * Hands an {@link OutputListener} the pieces of each token event once the whole event is read, so
 * that each piece can say how many tokens its event holds: the growth of the server's cumulative
 * {@code usage.completion_tokens} when the event carries one (vLLM's {@code
 * continuous_usage_stats}), else 1, as metrics.md counts token events. Only built for a request
 * with a listener: a request without one pays nothing here.
 */
final class TokenNotifier {
  private final OutputListener listener;
  private final OutputPieces pieces = new OutputPieces(2);

  /** The server's cumulative completion tokens after the previous event that gave them, or -1. */
  private long countedTokens = -1;

  /** The cumulative count this event gave, or -1. */
  private long eventCompletionTokens = -1;

  TokenNotifier(OutputListener listener) {
    this.listener = listener;
  }

  OutputListener listener() {
    return listener;
  }

  /** One piece of output of the event being read. */
  void piece(OutputKind kind, String text) {
    pieces.add(kind, text);
  }

  /**
   * The server's completion tokens so far, from a usage object of the event being read (-1: none).
   */
  void usage(long completionTokens) {
    if (completionTokens >= 0) {
      eventCompletionTokens = completionTokens;
    }
  }

  /**
   * The event ended: calls the listener for each of its pieces (none for an event without output,
   * e.g. the final usage chunk, whose count is kept for the next event).
   *
   * @param index the token event's index, from 0
   * @param nanoTime when the chunk holding the event arrived
   * @throws RuntimeException what the listener threw; the pieces are dropped all the same
   */
  void endEvent(int index, long nanoTime) {
    long tokens = 1;
    if (eventCompletionTokens >= 0) {
      long fresh =
          countedTokens < 0 ? eventCompletionTokens : eventCompletionTokens - countedTokens;
      tokens = fresh >= 1 ? fresh : 1;
      countedTokens = eventCompletionTokens;
      eventCompletionTokens = -1;
    }
    try {
      for (int i = 0; i < pieces.size(); i++) {
        listener.onToken(
            new TokenEvent(
                pieces.kind(i),
                pieces.text(i),
                index,
                nanoTime,
                (int) Math.min(tokens, Integer.MAX_VALUE)));
      }
    } finally {
      pieces.clear();
    }
  }

  /** Drops the event being read (the exchange ended in its middle). */
  void discard() {
    pieces.clear();
  }
}
