package dev.gatlingllm.values;

import java.util.Locale;

/**
 * What a request logs in Gatling's report about its SLOs, when SLOs are set.
 *
 * <p>Why not a KO per miss by default: Gatling's Global KO % and its most common assertion, {@code
 * global().failedRequests().percent().lt(1.0)}, are read as "requests that failed". A request that
 * succeeded but was slower than an SLO did not fail; counting it as KO shows a healthy run as
 * broken. Goodput is judged by the LLM report and its checks ({@code LlmDsl.llmChecks}, {@code
 * llm.assert.goodFraction}); Gatling's report shows the misses as their own OK records, or, when
 * asked, a verdict per request to assert on.
 */
public enum SloRecords {
  /** No SLO record. */
  NONE,
  /**
   * The default: each request that succeeded but missed an SLO logs an OK record {@code <name> SLO
   * miss} (sent -> end), so Gatling's report counts and charts the misses without turning Global KO
   * red.
   */
  MISSES,
  /**
   * Each request logs {@code <name> SLO}: OK when it was good, KO naming the SLO it missed, for
   * Gatling assertions on goodput ({@code details("chat SLO").failedRequests().percent().lt(5.0)});
   * its KOs then count in Global KO %.
   */
  VERDICTS;

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
