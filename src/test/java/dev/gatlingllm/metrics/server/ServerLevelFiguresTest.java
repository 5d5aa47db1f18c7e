package dev.gatlingllm.metrics.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.values.LevelWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerLevelFiguresTest {
  private static final double[] LE = {0.1, 0.5, Double.POSITIVE_INFINITY};

  private static ServerSample sample(
      long t,
      double running,
      double waiting,
      double kv,
      double generated,
      double[] ttftCounts,
      double ttftSum) {
    return new ServerSample(
        t,
        running,
        waiting,
        kv,
        0,
        generated,
        generated * 2,
        new CumulativeHistogram(LE, ttftCounts, ttftSum),
        // prefix cache: 4 prompt tokens looked up and 1 found there per token generated
        generated * 4,
        generated);
  }

  @Test
  void gaugesAreMeanAndPeakInTheWindowAndCountersTheirInterpolatedIncrease() {
    List<ServerSample> samples = new ArrayList<>();
    // a counter growing 100 tokens a second, scraped every second from t = 0 to 10 s
    for (int i = 0; i <= 10; i++) {
      samples.add(
          sample(
              i * 1000L,
              i,
              10 - i,
              i / 20.0,
              100.0 * i,
              new double[] {i, 2 * i, 3 * i},
              0.2 * 3 * i));
    }
    // measured from 2.5 s to 7.5 s: the scrapes at 3..7 s are inside
    MeasuredLevel level = MeasuredLevel.of(new LevelWindow(0, 8, 0, 2000, 2500, 7500));
    ServerLevelFigures f = ServerLevelFigures.of(samples, level);
    assertEquals(5, f.samples());
    assertEquals(5.0, f.meanRunning(), 1e-12);
    assertEquals(7.0, f.peakRunning());
    assertEquals(7.0, f.peakWaiting());
    assertEquals(0.35, f.peakKvCacheUsage(), 1e-12);
    assertEquals(500.0, f.generatedTokens(), 1e-9, "100 tok/s over 5 s");
    assertEquals(1000.0, f.promptTokens(), 1e-9);
    assertEquals(0.0, f.preemptions());
    // 400 tokens looked up a second, 100 found: 2,000 and 500 over the 5 s, a quarter hit
    assertEquals(2000.0, f.prefixCacheQueries(), 1e-9);
    assertEquals(500.0, f.prefixCacheHits(), 1e-9);
    assertEquals(0.25, f.prefixCacheHitShare(), 1e-12);
    // the histogram's increase between the scrapes at 2 s and 8 s: 18 observations, 6 in each
    // bucket
    assertEquals(18.0, f.ttftCount());
    assertEquals(200.0, f.ttftMeanMs(), 1e-9);
    assertEquals(100.0 + 400.0 * (9 - 6) / 6, f.ttftP50Ms(), 1e-9);
  }

  @Test
  void aServerThatExposesNoFigureGivesNaNNotZero() {
    List<ServerSample> samples =
        List.of(
            new ServerSample(
                0,
                Double.NaN,
                1,
                Double.NaN,
                Double.NaN,
                10,
                Double.NaN,
                null,
                Double.NaN,
                Double.NaN),
            new ServerSample(
                1000,
                Double.NaN,
                1,
                Double.NaN,
                Double.NaN,
                20,
                Double.NaN,
                null,
                Double.NaN,
                Double.NaN));
    ServerLevelFigures f =
        ServerLevelFigures.of(samples, MeasuredLevel.of(new LevelWindow(0, 1, 0, 0, 0, 1000)));
    assertTrue(Double.isNaN(f.meanRunning()));
    assertTrue(Double.isNaN(f.peakKvCacheUsage()));
    assertTrue(Double.isNaN(f.preemptions()));
    assertTrue(Double.isNaN(f.ttftP99Ms()));
    assertEquals(10.0, f.generatedTokens(), 1e-9);
  }

  @Test
  void aCounterThatWentDownCountsFromZeroAgain() {
    List<ServerSample> samples =
        List.of(
            new ServerSample(0, 0, 0, 0, 0, 500, 0, null, Double.NaN, Double.NaN),
            new ServerSample(1000, 0, 0, 0, 0, 30, 0, null, Double.NaN, Double.NaN));
    ServerLevelFigures f =
        ServerLevelFigures.of(samples, MeasuredLevel.of(new LevelWindow(0, 1, 0, 0, 0, 1000)));
    assertEquals(30.0, f.generatedTokens(), 1e-9);
  }
}
