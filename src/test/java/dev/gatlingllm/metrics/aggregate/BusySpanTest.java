package dev.gatlingllm.metrics.aggregate;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.values.LevelWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A level's throughputs count the time it was busy, not the idle time until the next level starts:
 * its window runs from the measurement start (the first send when it measures from its start) to
 * the last byte of its requests. The idle seconds between levels are in neither a level's window
 * nor the run's.
 */
class BusySpanTest {
  private static final long T0 = 1_800_000_000_000L;
  private static final double HALF_PERCENT = 0.005;

  /**
   * 11 token events 50 ms apart after a 100 ms TTFT: the last token 600 ms after the send, the end
   * 1 ms later.
   */
  private static void send(RunRecorder recorder, long sentMillis) {
    recorder.record("chat", sentMillis, SyntheticResults.ok(100 * MS, 11, 50 * MS, 11, 20));
  }

  @Test
  void levelsWithIdleGapsBetweenThemCountOnlyTheirBusySpans() {
    RunConfig config =
        RunConfig.startingAt(T0)
            .withLevels(List.of(LevelWindow.pending(0, 2, 0), LevelWindow.pending(1, 4, 0)));
    RunRecorder recorder = new RunRecorder(config);
    // Level 0, measured from its start: its first send 20 ms after the start, its last byte at 40 +
    // 601 ms.
    recorder.startLevel(0, T0, 0);
    send(recorder, T0 + 20);
    send(recorder, T0 + 40);
    // Seconds of nothing, then level 1 with a 500 ms settle time: a request while settling, two
    // measured.
    recorder.startLevel(1, T0 + 5_000, 500);
    send(
        recorder,
        T0 + 5_000); // its tokens at 5,100 ... 5,600 ms: 5,500, 5,550 and 5,600 are measured
    send(recorder, T0 + 5_600);
    send(recorder, T0 + 5_700); // the last byte at 6,301 ms
    RunSummary summary = recorder.snapshot(T0 + 9_000); // the run ends seconds after the last byte

    Figures first = summary.levels().get(0).figures();
    double firstSpan = (641 - 20) / 1000.0;
    assertEquals(
        firstSpan, first.windowSeconds(), firstSpan * HALF_PERCENT, "first send to last byte");
    assertEquals(
        22 / firstSpan,
        first.throughput().outputThroughput(),
        22 / firstSpan * HALF_PERCENT,
        "output tok/s");
    assertEquals(
        2 / firstSpan,
        first.throughput().requestThroughput(),
        2 / firstSpan * HALF_PERCENT,
        "requests/s");
    assertEquals(
        (2 * 20 + 22) / firstSpan,
        first.throughput().totalTokenThroughput(),
        62 / firstSpan * HALF_PERCENT,
        "total tok/s");

    Figures second = summary.levels().get(1).figures();
    double secondSpan = (6_301 - 5_500) / 1000.0;
    assertEquals(
        secondSpan,
        second.windowSeconds(),
        secondSpan * HALF_PERCENT,
        "end of settling to last byte");
    assertEquals(
        25 / secondSpan,
        second.throughput().outputThroughput(),
        25 / secondSpan * HALF_PERCENT,
        "output tok/s");
    assertEquals(
        2 / secondSpan,
        second.throughput().requestThroughput(),
        2 / secondSpan * HALF_PERCENT,
        "requests/s");

    Figures run = summary.run();
    assertEquals(
        firstSpan + secondSpan,
        run.windowSeconds(),
        (firstSpan + secondSpan) * HALF_PERCENT,
        "the run: its levels' busy spans, not the idle time between them");
    assertEquals(
        47 / (firstSpan + secondSpan),
        run.throughput().outputThroughput(),
        47 / (firstSpan + secondSpan) * HALF_PERCENT,
        "the run's output tok/s");
  }

  @Test
  void theImplicitLevelEndsAtTheLastByteNotAtTheRunEnd() {
    RunRecorder recorder = new RunRecorder(RunConfig.startingAt(T0).withWarmupMillis(1_000));
    send(recorder, T0 + 1_200);
    send(recorder, T0 + 2_000); // the last byte at 2,601 ms
    Figures run = recorder.snapshot(T0 + 30_000).run();
    double span = (2_601 - 1_200) / 1000.0;
    assertEquals(span, run.windowSeconds(), span * HALF_PERCENT);
    assertEquals(22 / span, run.throughput().outputThroughput(), 22 / span * HALF_PERCENT);
  }

  /**
   * An open-model level of 2 req/s for 4 s whose 8 arrivals happened to fall in its first 2.41 s
   * (Poisson arrivals do that): its window is the 4 s it offered its rate, not the 3.0 s from its
   * first send to its last byte, so it reads the 2.0 req/s it ran at, not 2.66.
   */
  @Test
  void anOpenModelLevelCountsItsWholeArrivalWindow() {
    RunConfig config =
        RunConfig.startingAt(T0).withLevels(List.of(LevelWindow.pending(0, 0, 2.0, 4_000)));
    RunRecorder recorder = new RunRecorder(config);
    recorder.startLevel(0, T0, 0);
    for (long sent : new long[] {0, 300, 900, 1_200, 1_700, 2_000, 2_300, 2_410}) {
      send(recorder, T0 + sent); // the last byte at 2,410 + 601 ms
    }
    Figures level = recorder.snapshot(T0 + 9_000).levels().get(0).figures();
    assertEquals(4.0, level.windowSeconds(), 1e-9, "the arrival window");
    assertEquals(8 / 4.0, level.throughput().requestThroughput(), 1e-9, "completed req/s");
    assertEquals(8 * 11 / 4.0, level.throughput().outputThroughput(), 1e-9, "output tok/s");
    assertEquals(8 / 4.0, level.arrivals().arrivalRate(), 1e-9, "arrived: 8 in 4 s");
  }

  /** Its drain counts too: a request still streaming when the arrivals stop keeps it busy. */
  @Test
  void anOpenModelLevelKeepsItsDrain() {
    RunConfig config =
        RunConfig.startingAt(T0)
            .withLevels(
                List.of(
                    LevelWindow.pending(0, 0, 1.0, 2_000), LevelWindow.pending(1, 0, 1.0, 2_000)));
    RunRecorder recorder = new RunRecorder(config);
    recorder.startLevel(0, T0, 0);
    send(recorder, T0);
    send(recorder, T0 + 1_900); // the last byte at 2,501 ms
    recorder.startLevel(1, T0 + 2_600, 0);
    send(recorder, T0 + 2_600);
    send(recorder, T0 + 3_600); // the last byte at 4,201 ms, before the arrivals end at 4,600
    RunSummary summary = recorder.snapshot(T0 + 9_000);
    Figures first = summary.levels().get(0).figures();
    assertEquals(2.501, first.windowSeconds(), 1e-9, "arrival window and drain");
    assertEquals(2 / 2.501, first.throughput().requestThroughput(), 1e-9);
    assertEquals(1.0, first.arrivals().arrivalRate(), 1e-9, "2 arrivals in 2 s");
    Figures second = summary.levels().get(1).figures();
    assertEquals(2.0, second.windowSeconds(), 1e-9, "no drain past its arrivals");
    assertEquals(4.501, summary.run().windowSeconds(), 1e-9, "the run: both windows");
  }
}
