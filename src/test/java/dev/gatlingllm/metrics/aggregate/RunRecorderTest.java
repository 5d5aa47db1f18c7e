package dev.gatlingllm.metrics.aggregate;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.TokenMismatch;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.stats.PerSecondSeries;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import dev.gatlingllm.testing.RequestsCsvFile;
import dev.gatlingllm.values.LevelWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecorderTest {
  static final long T0 = 1_700_000_000_000L;
  static final double EPS = 1e-9;

  /** Level 0: [T0, T0+10s) measured from T0+2s; level 1: [T0+10s, T0+20s) measured from T0+12s. */
  private static RunConfig twoLevels() {
    return RunConfig.startingAt(T0)
        .withLevels(
            List.of(
                new LevelWindow(0, 1, 0, T0, T0 + 2_000, T0 + 10_000),
                new LevelWindow(1, 2, 0, T0 + 10_000, T0 + 12_000, T0 + 20_000)));
  }

  /** One 10 s level, measured from its start, with a TTFT SLO of 250 ms. */
  private static RunConfig oneLevel() {
    return RunConfig.startingAt(T0)
        .withLevels(List.of(new LevelWindow(0, 4, 0, T0, T0, T0 + 10_000)))
        .withSlos(new Slos(250.0, null, null));
  }

  private static void recordKnownRequests(RunRecorder recorder) {
    // 11 events 10 ms apart, 11 tokens: E2EL 200 ms, TPOT 10 ms, 100 tok/s
    recorder.record("chat", T0 + 1_000, SyntheticResults.ok(100 * MS, 11, 10 * MS, 11, 100));
    // 6 events 20 ms apart, 6 tokens: E2EL 300 ms, TPOT 20 ms, 50 tok/s
    recorder.record("chat", T0 + 2_000, SyntheticResults.ok(200 * MS, 6, 20 * MS, 6, 100));
    recorder.record("chat", T0 + 3_000, SyntheticResults.failed(500, "HTTP 500: boom", 50 * MS));
    // 11 events 20 ms apart carrying 21 tokens (client counted 20): E2EL 500 ms, TPOT 10 ms, 100
    // tok/s
    long[] gaps = new long[10];
    java.util.Arrays.fill(gaps, 20 * MS);
    recorder.record("chat", T0 + 4_000, SyntheticResults.okWithGaps(300 * MS, gaps, 21, 100, 20));
  }

  @Test
  void figuresOfKnownRequests() {
    RunRecorder recorder = new RunRecorder(oneLevel());
    recordKnownRequests(recorder);
    RunSummary summary = recorder.snapshot(T0 + 10_000);
    Figures f = summary.levels().get(0).figures();

    // Busy from the first send (1 s in) to the last byte of the last request (4 s + 501 ms), not
    // the 10 s level.
    double span = 3.501;
    assertEquals(span, f.windowSeconds(), EPS);
    assertEquals(4, f.counts().requests());
    assertEquals(3, f.counts().completed());
    assertEquals(1, f.counts().failed());
    assertEquals(300, f.tokens().totalInputTokens());
    assertEquals(38, f.tokens().totalOutputTokens());
    assertEquals(38, f.tokens().outputTokensInWindow());
    assertEquals(3 / span, f.throughput().requestThroughput(), EPS);
    assertEquals(38 / span, f.throughput().outputThroughput(), EPS);
    assertEquals(338 / span, f.throughput().totalTokenThroughput(), EPS);
    assertEquals((100 + 50 + 100) / 3.0, f.throughput().perStreamTokensPerSecond(), EPS);
    assertEquals(3, f.throughput().perStreamSamples());

    assertEquals(2, f.counts().good());
    assertEquals(2 / span, f.throughput().requestGoodput(), EPS);
    assertEquals(0.5, f.counts().goodFraction(), EPS);

    Distribution ttft = f.latency().ttft();
    assertEquals(3, ttft.count());
    assertEquals(200.0, ttft.mean(), EPS);
    assertEquals(Math.sqrt(20_000.0 / 3), ttft.std(), 1e-9);
    assertEquals(100.0, ttft.min(), EPS);
    assertEquals(300.0, ttft.max(), EPS);
    assertEquals(200.0, ttft.p50(), 0.2); // HDR: within 3 significant digits
    assertEquals(300.0, ttft.p99(), EPS); // clamped to the exact max

    assertEquals(200.0, f.latency().e2el().min(), EPS);
    assertEquals(300.0, f.latency().e2el().p50(), 0.1);
    assertEquals(500.0, f.latency().e2el().max(), EPS);
    assertEquals(10.0, f.latency().tpot().min(), EPS);
    assertEquals(20.0, f.latency().tpot().max(), EPS);
    assertEquals(40.0 / 3, f.latency().tpot().mean(), EPS);

    // ITL pooled: 10 gaps of 10 ms, 5 + 10 gaps of 20 ms
    assertEquals(25, f.latency().itl().count());
    assertEquals(16.0, f.latency().itl().mean(), EPS);
    assertEquals(20.0, f.latency().itl().p50(), EPS);
    assertEquals(10.0, f.latency().itl().min(), EPS);
    // token-normalised: the 21-token stream's 20 ms gaps count as 20 * 11 / 21 ms
    assertEquals(25, f.latency().itlPerToken().count());
    assertEquals(10.0, f.latency().itlPerToken().min(), EPS);
    assertEquals(
        20.0, f.latency().itlPerToken().max(), EPS); // the 6-token stream: one token per event
    assertEquals((10 * 10 + 5 * 20 + 10 * 10.476) / 25, f.latency().itlPerToken().mean(), 1e-9);

    assertEquals(Map.of(TokenCountSource.SERVER_USAGE, 3L), f.tokens().outputTokenSources());
    assertEquals(
        new TokenMismatch(1, 21, 20, 1, 100.0 / 21, new TokenMismatch.Differing(1, 0, 0, 1, 1, 1)),
        f.tokens().mismatch());
    assertEquals(Map.of("HTTP 500: boom", 1L), f.counts().errors());

    // The run equals its only level
    assertEquals(
        f.throughput().outputThroughput(), summary.run().throughput().outputThroughput(), EPS);
    assertEquals(0, summary.excludedRequests());
  }

  @Test
  void goodputCheckFollowsEverySloSet() {
    RunRecorder recorder =
        new RunRecorder(RunConfig.startingAt(T0).withSlos(new Slos(250.0, 15.0, 400.0)));
    assertTrue(recorder.isGood(T0 + 1_000, SyntheticResults.ok(100 * MS, 11, 10 * MS, 11, 1)));
    assertFalse(
        recorder.isGood(T0 + 1_000, SyntheticResults.ok(300 * MS, 11, 10 * MS, 11, 1)),
        "TTFT 300 > 250");
    assertFalse(
        recorder.isGood(T0 + 1_000, SyntheticResults.ok(200 * MS, 6, 20 * MS, 6, 1)),
        "TPOT 20 > 15");
    assertFalse(
        recorder.isGood(T0 + 1_000, SyntheticResults.ok(100 * MS, 41, 10 * MS, 41, 1)),
        "E2EL 500 > 400");
    assertTrue(
        recorder.isGood(T0 + 1_000, SyntheticResults.ok(250 * MS, 1, 0, 1, 1)),
        "on the limit; one token has no TPOT");
    assertFalse(
        recorder.isGood(T0 + 1_000, SyntheticResults.failed(500, "x", MS)),
        "failed requests are never good");
    assertTrue(
        new RunRecorder(RunConfig.startingAt(T0))
            .isGood(T0 + 1_000, SyntheticResults.ok(9_000 * MS, 2, MS, 2, 1)));
  }

  @Test
  void requestsCountByStartAndTokensByArrival() {
    RunRecorder recorder = new RunRecorder(twoLevels());
    // in the settle time of level 0: excluded, though its tokens arrive in level 0's window
    recorder.record("r", T0 + 1_000, SyntheticResults.ok(1_500 * MS, 11, 100 * MS, 11, 10));
    // starts in level 0's window; first token at T0+9.5s, 10 events 1 s apart, 2 tokens each:
    // events at 9.5 (level 0), 10.5, 11.5 (level 1 settle: counted nowhere), 12.5 .. 18.5 (level 1:
    // 7 events)
    recorder.record("r", T0 + 9_000, SyntheticResults.ok(500 * MS, 10, 1_000 * MS, 20, 10));
    RunSummary summary = recorder.snapshot(T0 + 20_000);

    Figures level0 = summary.levels().get(0).figures();
    Figures level1 = summary.levels().get(1).figures();
    assertEquals(1, level0.counts().requests());
    assertEquals(0, level1.counts().requests());
    assertEquals(1, summary.excludedRequests());
    assertEquals(11 + 2, level0.tokens().outputTokensInWindow());
    assertEquals(14, level1.tokens().outputTokensInWindow());
    // Level 0 is busy over its whole 8 s window; level 1 from its measurement start, while the
    // request of level 0 still streams into it, to that request's last byte (18.5 s + 1 ms).
    assertEquals(13 / 8.0, level0.throughput().outputThroughput(), EPS);
    assertEquals(14 / 6.501, level1.throughput().outputThroughput(), EPS);
    assertEquals(27 / 14.501, summary.run().throughput().outputThroughput(), EPS);
    assertEquals(20, summary.run().tokens().totalOutputTokens());
  }

  @Test
  void implicitLevelLeavesOutTheWarmUp() {
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0).withWarmupMillis(5_000));
    recorder.record("r", T0 + 1_000, SyntheticResults.ok(100 * MS, 2, 10 * MS, 2, 1));
    recorder.record("r", T0 + 6_000, SyntheticResults.ok(100 * MS, 2, 10 * MS, 2, 1));
    RunSummary summary = recorder.snapshot(T0 + 15_000);
    assertEquals(1, summary.levels().size());
    assertEquals("whole run", summary.levels().get(0).level().label());
    // From the end of the warm-up to the last byte (6 s + 111 ms), not to the run's end.
    assertEquals(1.111, summary.run().windowSeconds(), EPS);
    assertEquals(1, summary.run().counts().requests());
    assertEquals(1, summary.excludedRequests());
    assertEquals(2 / 1.111, summary.run().throughput().outputThroughput(), EPS);
    assertNull(summary.knee());
  }

  @Test
  void timelineCountsTokensPerSecondAndStreamsInFlight() {
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0));
    // sent at 0.5 s, tokens at 0.6, 1.1, 1.6 s (3 events, 6 tokens), done 1 ms after the last:
    // 1.101 s in flight
    recorder.record("r", T0 + 500, SyntheticResults.ok(100 * MS, 3, 500 * MS, 6, 1));
    PerSecondSeries timeline = recorder.snapshot(T0 + 3_000).timeline();
    assertEquals(T0 / 1000, timeline.startEpochSecond());
    assertArrayEquals(new long[] {2, 4, 0}, timeline.outputTokens());
    assertArrayEquals(new double[] {0.5, 0.601, 0}, timeline.activeStreams(), 1e-9);
  }

  @Test
  void aRequestEndingWhileTheRunStopsIsInBothTheFiguresAndTheFileOrInNeither(@TempDir Path dir)
      throws Exception {
    Path csv = dir.resolve("requests.csv");
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0), new RequestsCsvWriter(csv));
    recorder.record("r", T0 + 500, SyntheticResults.ok(100 * MS, 3, 10 * MS, 3, 1));
    // As when SIGTERM stops the run: a request started after the run's end was read ends while the
    // report is written. It must not reach the file without reaching the figures.
    RunSummary summary =
        recorder.finish(
            () -> {
              recorder.record("r", T0 + 2_500, SyntheticResults.ok(100 * MS, 3, 10 * MS, 3, 1));
              return T0 + 2_000;
            });
    long rows = Files.readAllLines(csv).size() - 1;
    assertEquals(1, summary.run().counts().completed() + summary.run().counts().failed());
    assertEquals(1, rows, "requests.csv counts what the figures count");
  }

  @Test
  void aStreamLongerThanItsKeptGapsSpreadsItsLastTokensAndKeepsAnExactMeanGap(@TempDir Path dir)
      throws Exception {
    Path csv = dir.resolve("requests.csv");
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0), new RequestsCsvWriter(csv));
    // Tokens at 0.6, 1.1, 1.6, 2.1, 2.6 s; only the first two gaps were kept (a capped gap list).
    RequestResult full = SyntheticResults.ok(100 * MS, 5, 500 * MS, 5, 1);
    recorder.record("r", T0 + 500, SyntheticResults.capped(full, 2));
    RunSummary summary = recorder.finish(T0 + 4_000);
    assertArrayEquals(
        new long[] {1, 2, 2, 0},
        summary.timeline().outputTokens(),
        "the events after the kept gaps arrive until the last token, not all at the last kept arrival");
    RequestRow row = RequestsCsvFile.rows(csv).get(0);
    assertEquals(
        500_000,
        row.latency().itlMeanMicros(),
        "(E2EL - TTFT) / (events - 1) is exact without every gap");
    assertEquals(5, row.tokens().tokenEvents());
  }

  @Test
  void concurrentRecordingLosesNothing() throws Exception {
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0));
    int threads = 4;
    int perThread = 500;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    for (int t = 0; t < threads; t++) {
      pool.submit(
          () -> {
            start.await();
            for (int i = 0; i < perThread; i++) {
              recorder.record("r", T0 + i, SyntheticResults.ok((10 + i % 7) * MS, 5, MS, 5, 3));
            }
            return null;
          });
    }
    start.countDown();
    pool.shutdown();
    assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
    Figures run = recorder.snapshot(T0 + 10_000).run();
    assertEquals(threads * perThread, run.counts().completed());
    assertEquals(threads * perThread * 5L, run.tokens().totalOutputTokens());
    assertEquals(threads * perThread * 5L, run.tokens().outputTokensInWindow());
    assertEquals(threads * perThread * 4L, run.latency().itl().count());
  }

  @Test
  void aRunStoppedEarlyCountsOnlyTheTimeItMeasured() {
    RunRecorder recorder = new RunRecorder(twoLevels());
    recorder.record("r", T0 + 3_000, SyntheticResults.ok(100 * MS, 5, 10 * MS, 5, 1));
    recorder.record("r", T0 + 13_000, SyntheticResults.ok(100 * MS, 5, 10 * MS, 5, 1));
    // Level 1 ends when the run stops, 4 s after its measurement started, but its request kept it
    // busy from its send (13 s) to its last byte (141 ms later): the time after that was measured
    // idle, not load.
    RunSummary summary = recorder.snapshot(T0 + 16_000);
    assertEquals(0.141, summary.levels().get(0).figures().windowSeconds(), EPS);
    assertEquals(0.141, summary.levels().get(1).figures().windowSeconds(), EPS);
    assertEquals(5 / 0.141, summary.levels().get(1).figures().throughput().outputThroughput(), EPS);
    assertEquals(0.282, summary.run().windowSeconds(), EPS);
  }

  @Test
  void failedRequestsCountAgainstAPercentileTarget() {
    RunConfig config =
        oneLevel()
            .withTarget(AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, 500));
    for (int failures = 1; failures <= 2; failures++) {
      RunRecorder recorder = new RunRecorder(config);
      for (int i = 0; i < 100 - failures; i++) {
        recorder.record("r", T0 + 1_000, SyntheticResults.ok(100 * MS, 2, MS, 2, 1));
      }
      for (int i = 0; i < failures; i++) {
        recorder.record("r", T0 + 1_000, SyntheticResults.failed(503, "busy", MS));
      }
      LevelFigures level = recorder.snapshot(T0 + 10_000).levels().get(0);
      assertEquals(100.0, level.figures().latency().ttft().p99(), 0.1, "successes alone look fine");
      if (failures == 1) {
        assertEquals(100.0, level.attainment(), 0.1, "99 of 100 requests had a TTFT <= 100 ms");
        assertTrue(level.meetsTarget());
      } else {
        assertEquals(
            Double.POSITIVE_INFINITY, level.attainment(), "the 99th of 100 requests failed");
        assertFalse(level.meetsTarget());
      }
    }
  }
}
