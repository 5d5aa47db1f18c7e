package dev.gatlingllm.metrics.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.values.LevelWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Levels declared pending open when the load model reaches them; requests are attributed by start
 * time.
 */
class LevelStartTest {
  private static final long T0 = 1_800_000_000_000L;
  private static final long MS = 1_000_000L;

  private static RequestResult ok(long ttftMs, long e2elMs, int tokens) {
    long[] gaps = new long[tokens - 1];
    java.util.Arrays.fill(gaps, (e2elMs - ttftMs) * MS / (tokens - 1));
    return ResultBuilder.result()
        .ttfbNanos(MS)
        .ttftNanos(ttftMs * MS)
        .ttftFromScheduledNanos(ttftMs * MS)
        .ttfoNanos(ttftMs * MS)
        .e2elNanos(e2elMs * MS)
        .tpotNanos((e2elMs - ttftMs) * MS / (tokens - 1))
        .durationNanos(e2elMs * MS)
        .tokenEvents(tokens)
        .itlNanos(gaps)
        .outputTokens(tokens, TokenCountSource.SERVER_USAGE)
        .serverOutputTokens(tokens)
        .inputTokens(10, TokenCountSource.SERVER_USAGE)
        .build();
  }

  @Test
  void requestsBelongToTheLevelRunningWhenTheyStartedEvenAtTheBoundary() {
    RunConfig config =
        RunConfig.startingAt(T0)
            .withLevels(
                List.of(
                    LevelWindow.pending(0, 1, 0),
                    LevelWindow.pending(1, 4, 0),
                    LevelWindow.pending(2, 16, 0)));
    RunRecorder recorder = new RunRecorder(config);
    recorder.startLevel(0, T0 + 1_000, 0);
    recorder.record("chat", T0 + 1_000, ok(50, 150, 11)); // first instant of level 0
    recorder.record("chat", T0 + 4_999, ok(50, 150, 11)); // last millisecond of level 0
    recorder.startLevel(1, T0 + 5_000, 500);
    recorder.startLevel(1, T0 + 6_000, 500); // a later user of the same level changes nothing
    recorder.record("chat", T0 + 5_000, ok(50, 150, 11)); // level 1, inside its settle time
    recorder.record("chat", T0 + 5_499, ok(50, 150, 11)); // still settling
    recorder.record("chat", T0 + 5_500, ok(50, 150, 11)); // first measured instant of level 1
    recorder.record("chat", T0 + 9_000, ok(50, 150, 11));
    RunSummary summary = recorder.snapshot(T0 + 10_000); // level 2 never started: it is left out

    assertEquals(2, summary.levels().size());
    LevelFigures first = summary.levels().get(0);
    LevelFigures second = summary.levels().get(1);
    assertEquals(2, first.figures().counts().completed());
    assertEquals(
        4.0,
        first.figures().windowSeconds(),
        1e-9,
        "to the next level's start: its last byte is later");
    assertEquals(
        2,
        second.figures().counts().completed(),
        "the two settling requests are left out of level 1");
    assertEquals(
        3.65,
        second.figures().windowSeconds(),
        1e-9,
        "from the end of the settle time to the last byte");
    assertEquals(2, summary.excludedRequests());
    // 11 tokens per request, counted by arrival time: the request started at 5,499 ms is left out
    // of the figures (it started while settling) but its tokens, arriving from 5,549 ms, are in
    // level 1's window.
    assertEquals(22 / 4.0, first.figures().throughput().outputThroughput(), 1e-9);
    assertEquals(33 / 3.65, second.figures().throughput().outputThroughput(), 1e-9);
    assertEquals(
        List.of(1, 4), summary.config().levels().stream().map(LevelWindow::concurrency).toList());
  }
}
