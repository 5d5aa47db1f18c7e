package dev.gatlingllm.metrics.aggregate;

import static dev.gatlingllm.metrics.request.ResultBuilder.result;

import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.request.Verdict;
import java.util.Arrays;

/** Request results built from known numbers, for tests that check exact figures. */
public final class SyntheticResults {
  private SyntheticResults() {}

  public static final long MS = 1_000_000L;

  /**
   * A successful stream: first token after {@code ttftNanos}, then {@code events - 1} gaps of
   * {@code gapNanos}, {@code outputTokens} reported by the server, {@code inputTokens} prompt
   * tokens.
   */
  public static RequestResult ok(
      long ttftNanos, int events, long gapNanos, long outputTokens, long inputTokens) {
    long[] gaps = new long[Math.max(0, events - 1)];
    Arrays.fill(gaps, gapNanos);
    return okWithGaps(ttftNanos, gaps, outputTokens, inputTokens, -1);
  }

  /** A successful stream with the given gaps and, optionally (>= 0), a client tokenizer count. */
  public static RequestResult okWithGaps(
      long ttftNanos, long[] gaps, long outputTokens, long inputTokens, long clientTokens) {
    long e2el = ttftNanos;
    for (long gap : gaps) {
      e2el += gap;
    }
    int events = gaps.length + 1;
    long tpot = outputTokens > 1 ? (e2el - ttftNanos) / (outputTokens - 1) : -1;
    return result()
        .ttfbNanos(ttftNanos / 2)
        .ttftNanos(ttftNanos)
        .ttftFromScheduledNanos(ttftNanos)
        .ttfoNanos(ttftNanos)
        .e2elNanos(e2el)
        .tpotNanos(tpot)
        .durationNanos(e2el + MS)
        .tokenEvents(events)
        .itlNanos(gaps.clone())
        .outputTokens(outputTokens, TokenCountSource.SERVER_USAGE)
        .serverOutputTokens(outputTokens)
        .clientOutputTokens(clientTokens)
        .inputTokens(inputTokens, TokenCountSource.SERVER_USAGE)
        .requestId("req-" + ttftNanos)
        .build();
  }

  /**
   * {@code full} as a stream longer than the gaps kept shows it: only its first {@code keptGaps}
   * gaps.
   */
  public static RequestResult capped(RequestResult full, int keptGaps) {
    return ResultBuilder.from(full).itlNanos(Arrays.copyOf(full.itlNanos(), keptGaps)).build();
  }

  /** A request that failed before any token, after {@code durationNanos}. */
  public static RequestResult failed(int status, String message, long durationNanos) {
    return result()
        .outcome(Verdict.ko(status, message))
        .ttfbNanos(status > 0 ? durationNanos : -1)
        .durationNanos(durationNanos)
        .build();
  }
}
