package dev.gatlingllm.metrics.aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The endpoints (or the models) a run's requests were sent to, in the order first seen: the report
 * names where the load went, not only the protocol's endpoint and model. A run of {@code embed(..)}
 * requests alone sends nothing to the protocol's chat endpoint; a run of two scenarios addresses
 * two models; its report names them all.
 *
 * <p>Noted once per request on the virtual user's thread: a name already seen costs one concurrent
 * set lookup, and the lock is taken only the first time a name is seen.
 */
final class SentNames {
  /** The names given at most; more are summed up as "...". */
  static final int MAX_NAMED = 4;

  private final UnaryOperator<String> shown;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  /** Guarded by itself. */
  private final List<String> inOrder = new ArrayList<>();

  /**
   * @param shown how a name is shown (an endpoint with its user info and query values hidden)
   */
  SentNames(UnaryOperator<String> shown) {
    this.shown = shown;
  }

  void note(String name) {
    if (name == null || seen.contains(name)) {
      return;
    }
    synchronized (inOrder) {
      if (seen.add(name)) {
        inOrder.add(name);
      }
    }
  }

  /**
   * The names the report gives: {@code configured} (the protocol's, already shown as it is) when no
   * request was sent, else every name the requests went to, shown, joined by ", ".
   */
  String reported(String configured) {
    List<String> sent;
    synchronized (inOrder) {
      sent = inOrder.stream().map(shown).distinct().toList();
    }
    if (sent.isEmpty()) {
      return configured;
    }
    String named = String.join(", ", sent.subList(0, Math.min(MAX_NAMED, sent.size())));
    return sent.size() > MAX_NAMED ? named + ", ..." : named;
  }
}
