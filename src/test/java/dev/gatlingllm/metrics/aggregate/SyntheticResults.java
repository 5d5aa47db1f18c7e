package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.request.Verdict;
import java.util.Arrays;

/** Request results built from known numbers, for tests that check exact figures. */
public final class SyntheticResults {
  private SyntheticResults() {}

  public static final long MS = 1_000_000L;

  /**
   * A successful stream: first token after {@code ttftNanos}, then {@code events - 1} gaps of {@code gapNanos},
   * {@code outputTokens} reported by the server, {@code inputTokens} prompt tokens.
   */
  public static RequestResult ok(long ttftNanos, int events, long gapNanos, long outputTokens, long inputTokens) {
    long[] gaps = new long[Math.max(0, events - 1)];
    Arrays.fill(gaps, gapNanos);
    return okWithGaps(ttftNanos, gaps, outputTokens, inputTokens, -1);
  }

  /** A successful stream with the given gaps and, optionally (>= 0), a client tokenizer count. */
  public static RequestResult okWithGaps(long ttftNanos, long[] gaps, long outputTokens, long inputTokens, long clientTokens) {
    long e2el = ttftNanos;
    for (long gap : gaps) {
      e2el += gap;
    }
    int events = gaps.length + 1;
    long tpot = outputTokens > 1 ? (e2el - ttftNanos) / (outputTokens - 1) : -1;
    return new RequestResult(
        Verdict.ok(200),
        0,
        ttftNanos / 2,
        ttftNanos,
        ttftNanos,
        ttftNanos,
        e2el,
        tpot,
        e2el + MS,
        events,
        gaps.clone(),
        outputTokens,
        TokenCountSource.SERVER_USAGE,
        outputTokens,
        clientTokens,
        inputTokens,
        TokenCountSource.SERVER_USAGE,
        "req-" + ttftNanos,
        -1);
  }

  /** {@code full} as a stream longer than the gaps kept shows it: only its first {@code keptGaps} gaps. */
  public static RequestResult capped(RequestResult full, int keptGaps) {
    RequestResult r = full;
    return new RequestResult(r.outcome(), r.sendLatenessNanos(), r.ttfbNanos(), r.ttftNanos(),
        r.ttftFromScheduledNanos(), r.ttfoNanos(), r.e2elNanos(), r.tpotNanos(), r.durationNanos(), r.tokenEvents(),
        Arrays.copyOf(r.itlNanos(), keptGaps), r.outputTokens(), r.outputTokenSource(), r.serverOutputTokens(),
        r.clientOutputTokens(), r.inputTokens(), r.inputTokenSource(), r.requestId(), r.serverDecodeNanos());
  }

  /** A request that failed before any token, after {@code durationNanos}. */
  public static RequestResult failed(int status, String message, long durationNanos) {
    return new RequestResult(
        Verdict.ko(status, message), 0, status > 0 ? durationNanos : -1, -1, -1, -1, -1, -1, durationNanos,
        0, new long[0], 0, TokenCountSource.EVENT_COUNT, -1, -1, -1, TokenCountSource.UNKNOWN, null, -1);
  }
}
