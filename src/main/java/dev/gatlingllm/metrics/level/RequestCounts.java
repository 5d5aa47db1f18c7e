package dev.gatlingllm.metrics.level;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the requests started in a window ended (metrics.md, "Run and level figures").
 *
 * @param requests requests started in the window
 * @param completed successful ones
 * @param good successful requests that met every SLO set
 * @param errors failed requests by message (the most frequent ones; the rest under one entry)
 */
public record RequestCounts(long requests, long completed, long good, Map<String, Long> errors) {
  public RequestCounts {
    errors = Collections.unmodifiableMap(new LinkedHashMap<>(errors));
  }

  /** The requests that failed (aborted ones are in no count). */
  public long failed() {
    return requests - completed;
  }

  /**
   * good / requests: a failed request counts as not good (AIPerf's good_request_fraction); 0
   * without requests.
   */
  public double goodFraction() {
    return requests == 0 ? 0 : (double) good / requests;
  }
}
