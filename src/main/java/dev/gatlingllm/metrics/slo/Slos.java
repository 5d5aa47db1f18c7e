package dev.gatlingllm.metrics.slo;

import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.stats.Micros;

/**
 * Service-level objectives of a run, each optional (null = not set), in milliseconds.
 *
 * <p>A request is good (metrics.md, vLLM {@code --goodput}) when it succeeded and meets every SLO
 * that is set. Comparisons use microseconds, the resolution of every figure the report prints, so
 * that a request judged good here is judged good again by anyone who recomputes it from {@code
 * requests.csv}.
 */
public record Slos(Double ttftMs, Double tpotMs, Double e2elMs) {
  public static final Slos NONE = new Slos(null, null, null);

  public Slos {
    requirePositive("ttftMs", ttftMs);
    requirePositive("tpotMs", tpotMs);
    requirePositive("e2elMs", e2elMs);
  }

  private static void requirePositive(String name, Double value) {
    if (value != null && !(value > 0)) {
      throw new IllegalArgumentException("SLO " + name + " must be > 0, got " + value);
    }
  }

  public boolean anySet() {
    return ttftMs != null || tpotMs != null || e2elMs != null;
  }

  /**
   * Goodput check on a request result, its TTFT and E2EL measured from the send (a closed-model
   * level) or from its arrival, the scheduled time ({@code fromArrival}, an open-model level: the
   * user waited from there).
   */
  public boolean isGood(RequestResult result, boolean fromArrival) {
    if (RequestKind.of(result.tokens()) == RequestKind.POOLING) {
      return isGoodWhole(
          result.ok(),
          Micros.of(
              fromArrival
                  ? result.timing().e2elFromScheduledNanos()
                  : result.timing().e2elNanos()));
    }
    return isGood(
        result.ok(),
        Micros.of(
            fromArrival ? result.timing().ttftFromScheduledNanos() : result.timing().ttftNanos()),
        Micros.of(result.timing().tpotNanos()),
        Micros.of(
            fromArrival ? result.timing().e2elFromScheduledNanos() : result.timing().e2elNanos()));
  }

  /**
   * The same check on a row of {@code requests.csv}, so that a merge judges it again as the run
   * did.
   */
  public boolean isGood(RequestRow row, boolean fromArrival) {
    if (RequestKind.of(row.tokens()) == RequestKind.POOLING) {
      return isGoodWhole(
          row.status().ok(),
          fromArrival ? row.latency().e2elFromScheduledMicros() : row.latency().e2elMicros());
    }
    return isGood(
        row.status().ok(),
        fromArrival ? row.latency().ttftFromScheduledMicros() : row.latency().ttftMicros(),
        row.latency().tpotMicros(),
        fromArrival ? row.latency().e2elFromScheduledMicros() : row.latency().e2elMicros());
  }

  /**
   * Goodput check on an embeddings or rerank request, whose answer comes whole: it has no first
   * token nor time per token, so only the E2EL SLO applies to it (the TTFT and TPOT SLOs of a mixed
   * run judge its generation requests alone).
   */
  private boolean isGoodWhole(boolean ok, long e2elMicros) {
    return ok && (e2elMs == null || (e2elMicros >= 0 && e2elMicros <= e2elMs * 1000.0));
  }

  /**
   * Goodput check on figures in microseconds (-1 = absent). A missing TTFT or E2EL fails a set SLO;
   * a missing TPOT (one output token) has no per-token time to miss, so it meets a TPOT SLO, as in
   * vLLM.
   */
  public boolean isGood(boolean ok, long ttftMicros, long tpotMicros, long e2elMicros) {
    if (!ok) {
      return false;
    }
    if (ttftMs != null && (ttftMicros < 0 || ttftMicros > ttftMs * 1000.0)) {
      return false;
    }
    if (tpotMs != null && tpotMicros > tpotMs * 1000.0) {
      return false;
    }
    return e2elMs == null || (e2elMicros >= 0 && e2elMicros <= e2elMs * 1000.0);
  }

  /**
   * Why a request is not good, e.g. "TTFT > 500 ms", or null when it is good. A failed request is
   * not good whatever its figures: "request failed". The text names the SLOs missed, not the
   * values, so that Gatling groups the records by cause. TTFT and E2EL are measured as {@link
   * #isGood(RequestResult, boolean)} does.
   */
  public String whyNotGood(RequestResult result, boolean fromArrival) {
    if (!result.ok()) {
      return "request failed";
    }
    StringBuilder why = new StringBuilder();
    // An embeddings or rerank answer comes whole: only the E2EL SLO applies to it.
    boolean whole = result.tokens().inputs() > 0;
    missed(
        why,
        "TTFT",
        whole ? null : ttftMs,
        fromArrival ? result.timing().ttftFromScheduledNanos() : result.timing().ttftNanos(),
        true);
    missed(why, "TPOT", whole ? null : tpotMs, result.timing().tpotNanos(), false);
    missed(
        why,
        "E2EL",
        e2elMs,
        fromArrival ? result.timing().e2elFromScheduledNanos() : result.timing().e2elNanos(),
        true);
    return why.length() == 0 ? null : why.toString();
  }

  private static void missed(
      StringBuilder why, String name, Double sloMs, long nanos, boolean absentMisses) {
    if (sloMs == null) {
      return;
    }
    String miss = null;
    if (nanos < 0) {
      miss = absentMisses ? name + " absent" : null;
    } else if (nanos > sloMs * 1_000_000.0) {
      miss = name + " > " + Micros.formatNumber(sloMs) + " ms";
    }
    if (miss != null) {
      why.append(why.length() == 0 ? "" : ", ").append(miss);
    }
  }

  /** {@code "TTFT <= 500 ms, TPOT <= 50 ms"}, or {@code "none"}. */
  /**
   * The SLOs that judge requests of {@code kind}: all of them for a generation, the E2EL SLO alone
   * for an embeddings or rerank request (it has no first token nor time per token).
   */
  public Slos judging(RequestKind kind) {
    return kind == RequestKind.POOLING ? new Slos(null, null, e2elMs) : this;
  }

  public String describe() {
    StringBuilder text = new StringBuilder();
    append(text, "TTFT", ttftMs);
    append(text, "TPOT", tpotMs);
    append(text, "E2EL", e2elMs);
    return text.length() == 0 ? "none" : text.toString();
  }

  private static void append(StringBuilder text, String name, Double value) {
    if (value != null) {
      if (text.length() > 0) {
        text.append(", ");
      }
      text.append(name).append(" <= ").append(Micros.formatNumber(value)).append(" ms");
    }
  }
}
