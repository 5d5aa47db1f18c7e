package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.stats.Distribution;

/**
 * How long the answers were, and how many ended before the output limit they asked for (metrics.md,
 * "Early stops"): without {@code ignore_eos} a model stops when it is done, and short answers
 * finish sooner without the server being any faster.
 *
 * @param withLimit successful requests that asked for an output limit
 * @param stoppedEarly those that ended before it: a finish reason other than {@code length}, or
 *     fewer output tokens than asked
 * @param outputTokens the output tokens N of the successful requests (its "milliseconds" are
 *     tokens)
 */
public record OutputLengths(long withLimit, long stoppedEarly, Distribution outputTokens) {
  /** stoppedEarly / withLimit, 0 with no limit set. */
  public double stoppedEarlyShare() {
    return withLimit == 0 ? 0 : (double) stoppedEarly / withLimit;
  }
}
