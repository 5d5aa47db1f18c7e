package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.slo.Slos;
import java.util.Set;

/**
 * What every output says of a run's request kinds (metrics.md, "Request kinds"), said once: which
 * SLOs judged each kind, and how the generations' output tokens were counted. A run of one kind
 * reads in that kind's terms alone; a mixed run names each kind.
 */
final class RequestKinds {
  private RequestKinds() {}

  /**
   * The SLOs that judged the run's requests: "TTFT <= 500 ms, TPOT <= 50 ms" for generations alone,
   * "E2EL <= 50 ms" for embeddings alone (their only SLO), and per kind for a mixed run.
   */
  static String slos(RunSummary summary) {
    Slos slos = summary.config().slos();
    Set<RequestKind> kinds = summary.run().kinds();
    if (kinds.size() <= 1) {
      RequestKind kind = kinds.isEmpty() ? RequestKind.GENERATION : kinds.iterator().next();
      String judging = slos.judging(kind).describe();
      return kind == RequestKind.POOLING && !slos.judging(kind).anySet() && slos.anySet()
          ? "none judges embeddings and rerank requests (only an E2EL SLO does)"
          : judging;
    }
    StringBuilder text = new StringBuilder();
    for (RequestKind kind : kinds) {
      text.append(text.length() == 0 ? "" : "; ")
          .append(kind.plural())
          .append(": ")
          .append(slos.judging(kind).describe())
          .append(
              kind == RequestKind.POOLING && !slos.judging(kind).anySet()
                  ? " (only an E2EL SLO judges them)"
                  : "");
    }
    return text.toString();
  }

  /**
   * How the successful generations' output tokens were counted, or null when the run had none to
   * count (embeddings and rerank answers alone).
   */
  static String outputCountedBy(Figures run) {
    return run.requestsOf(RequestKind.GENERATION) == 0 ? null : run.tokens().describeSources();
  }
}
