package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.secrets.Redactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The endpoints a run's requests were sent to, in the order first seen: the report names where the
 * load went, not only the protocol's endpoint. A run of {@code embed(..)} requests alone sends
 * nothing to the protocol's chat endpoint, and its report would otherwise name that one.
 *
 * <p>Noted once per request on the virtual user's thread: a request to an endpoint already seen
 * costs one concurrent set lookup, and the lock is taken only the first time an endpoint is seen
 * (once per action, since an action's endpoint is as written, not resolved per session).
 */
final class SentEndpoints {
  /** The endpoints named at most; more are summed up as "...". */
  static final int MAX_NAMED = 4;

  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  /** Guarded by itself. */
  private final List<String> inOrder = new ArrayList<>();

  void note(String endpoint) {
    if (endpoint == null || seen.contains(endpoint)) {
      return;
    }
    synchronized (inOrder) {
      if (seen.add(endpoint)) {
        inOrder.add(endpoint);
      }
    }
  }

  /**
   * The endpoint the report names: {@code configured} (the protocol's, already redacted) when some
   * request went there or none was sent; else the endpoints the requests went to, redacted as the
   * configured one is, joined by ", ".
   */
  String reported(String configured) {
    List<String> sent;
    synchronized (inOrder) {
      sent = inOrder.stream().map(Redactor::url).distinct().toList();
    }
    if (sent.isEmpty() || sent.contains(configured)) {
      return configured;
    }
    String named = String.join(", ", sent.subList(0, Math.min(MAX_NAMED, sent.size())));
    return sent.size() > MAX_NAMED ? named + ", ..." : named;
  }
}
