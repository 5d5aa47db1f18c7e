package dev.gatlingllm.metrics.sweep;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.aggregate.SyntheticResults;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.report.CapacityStory;
import dev.gatlingllm.values.LevelWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reproduces the reference sweep table of metrics.md from synthetic requests and reads capacity and
 * knee.
 */
class ReferenceSweepTest {
  static final long T0 = 1_700_000_000_000L;
  static final long WINDOW_MS = 100_000;
  static final int REQUESTS_PER_LEVEL = 200;

  /**
   * streams, per-stream tok/s, total (output) tok/s, TTFT p50 ms, TTFT p99 ms: metrics.md's table.
   */
  static final double[][] TABLE = {
    {1, 92, 92, 48, 61},
    {4, 88, 352, 71, 96},
    {16, 71, 1136, 152, 244},
    {32, 54, 1728, 287, 498},
    {64, 34, 2176, 611, 1240},
    {128, 18, 2304, 1490, 3820},
  };

  /**
   * Each level: 200 requests started 1 ms into its window, half with the p50 TTFT and half with the
   * p99 one (so HDR's nearest ranks 100 and 198 land on them), each of N = output tok/s * window /
   * 200 tokens, one per event, at the per-stream speed. All tokens arrive inside the window. One
   * failed request sent while the level settles holds a stream to the window's end, so that the
   * level is busy over all of its window.
   */
  static RunSummary sweep(RunConfig base) {
    List<LevelWindow> levels = new ArrayList<>();
    for (int i = 0; i < TABLE.length; i++) {
      long start = T0 + i * (WINDOW_MS + 10_000);
      levels.add(
          new LevelWindow(
              i, (int) TABLE[i][0], 0, start, start + 10_000, start + 10_000 + WINDOW_MS));
    }
    RunRecorder recorder = new RunRecorder(base.withLevels(levels));
    for (int i = 0; i < TABLE.length; i++) {
      LevelWindow level = levels.get(i);
      recorder.record(
          "chat",
          level.startMillis(),
          SyntheticResults.failed(
              504, "held to the end", (level.endMillis() - level.startMillis()) * MS));
      double speed = TABLE[i][1];
      long tokens = Math.round(TABLE[i][2] * WINDOW_MS / 1000 / REQUESTS_PER_LEVEL);
      long gapNanos = Math.round(1e9 / speed);
      for (int r = 0; r < REQUESTS_PER_LEVEL; r++) {
        double ttftMs = r % 2 == 0 ? TABLE[i][3] : TABLE[i][4];
        recorder.record(
            "chat",
            levels.get(i).measureFromMillis() + 1,
            SyntheticResults.ok(Math.round(ttftMs * MS), (int) tokens, gapNanos, tokens, 500));
      }
    }
    return recorder.snapshot(levels.get(levels.size() - 1).endMillis());
  }

  static RunConfig p99TtftAtMost500() {
    return RunConfig.startingAt(T0)
        .withTarget(AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, 500))
        .withPricing(new Pricing(4.47, 0.65));
  }

  @Test
  void sweepTableMatchesTheReference() {
    RunSummary summary = sweep(p99TtftAtMost500());
    assertEquals(TABLE.length, summary.levels().size());
    for (int i = 0; i < TABLE.length; i++) {
      Figures f = summary.levels().get(i).figures();
      String level = (int) TABLE[i][0] + ((int) TABLE[i][0] == 1 ? " stream" : " streams");
      assertEquals(level, summary.levels().get(i).level().label());
      assertEquals(TABLE[i][2], f.throughput().outputThroughput(), 1e-9, level + " output tok/s");
      assertEquals(
          TABLE[i][1],
          f.throughput().perStreamTokensPerSecond(),
          TABLE[i][1] * 1e-4,
          level + " per-stream tok/s");
      assertEquals(TABLE[i][3], f.latency().ttft().p50(), TABLE[i][3] * 1e-3, level + " TTFT p50");
      assertEquals(TABLE[i][4], f.latency().ttft().p99(), 1e-9, level + " TTFT p99");
      assertEquals(
          REQUESTS_PER_LEVEL * 500L / 100.0 + TABLE[i][2],
          f.throughput().totalTokenThroughput(),
          1e-9,
          level + " total tok/s");
    }
  }

  @Test
  void capacityIsThirtyTwoStreamsForP99TtftAtMost500Ms() {
    RunSummary summary = sweep(p99TtftAtMost500());
    Capacity capacity = summary.capacity();
    assertNotNull(capacity);
    assertEquals(3, capacity.levelIndex());
    assertEquals("32 streams", capacity.label());
    assertEquals(1728, capacity.outputThroughput(), 1e-9);
    assertEquals(54, capacity.perStreamTokensPerSecond(), 54e-4);
    assertEquals(287, capacity.ttftP50Ms(), 0.287);
    assertEquals(498, capacity.ttftP99Ms(), 1e-9);
    assertEquals(0.75, capacity.shareOfPeak(), 1e-9);
    List<Boolean> meets = summary.levels().stream().map(LevelFigures::meetsTarget).toList();
    assertEquals(List.of(true, true, true, true, false, false), meets);
  }

  @Test
  void kneeIsSixtyFourStreams() {
    Knee knee = sweep(p99TtftAtMost500()).knee();
    assertNotNull(knee);
    assertEquals("64 streams", knee.label());
    assertEquals("128 streams", knee.nextLabel());
    assertEquals(2304.0 / 2176 - 1, knee.throughputGain(), 1e-9);
    assertEquals(3820.0 / 1240, knee.latencyP99Ratio(), 1e-9);
  }

  @Test
  void costAtCapacity() {
    CostFigures cost = sweep(p99TtftAtMost500()).cost();
    assertEquals(4.47 / 0.65 * 1e6 / 3600, cost.breakEvenTokensPerSecond(), 1e-9);
    assertEquals(1910.26, cost.breakEvenTokensPerSecond(), 0.01);
    assertEquals(4.47 / (1728 * 3600.0) * 1e6, cost.costPerMillionAtCapacity(), 1e-12);
    assertEquals(0.7186, cost.costPerMillionAtCapacity(), 1e-4);
    assertEquals(1910.2564 / 1728, cost.requiredUtilisation(), 1e-6);
  }

  @Test
  void goodFractionTargetPicksTheHighestLevelWithEnoughGoodRequests() {
    // TTFT SLO 1000 ms: at 64 streams half the requests (p99 1240 ms) miss it, at 32 none do
    RunConfig config =
        p99TtftAtMost500()
            .withSlos(new Slos(1000.0, null, null))
            .withTarget(AttainmentTarget.goodFractionAtLeast(0.95));
    RunSummary summary = sweep(config);
    assertEquals("32 streams", summary.capacity().label());
    assertEquals(1.0, summary.levels().get(3).attainment(), 1e-12);
    assertEquals(0.5, summary.levels().get(4).attainment(), 1e-12);
    assertEquals(0.5, summary.levels().get(4).figures().counts().goodFraction(), 1e-12);
  }

  @Test
  void noCapacityWhenNoLevelMeetsTheTarget() {
    RunConfig config =
        p99TtftAtMost500()
            .withTarget(AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, 10));
    RunSummary summary = sweep(config);
    assertNull(summary.capacity());
    assertFalse(summary.levels().stream().anyMatch(LevelFigures::meetsTarget));
    assertTrue(Double.isNaN(summary.cost().requiredUtilisation()));
    assertEquals(
        4.47 / (2304 * 3600.0) * 1e6, summary.levels().get(5).costPerMillionOutputTokens(), 1e-12);
  }

  @Test
  void theCapacitysResolutionIsTheGapToTheLowestLevelAboveThatMisses() {
    Capacity capacity = sweep(p99TtftAtMost500()).capacity();
    assertEquals(32, capacity.load());
    assertEquals(4, capacity.breakingIndex(), "64 streams: p99 TTFT 1,240 ms");
    assertEquals(64, capacity.breakingLoad());
    assertEquals(32, capacity.resolution());
  }

  @Test
  void theHourlyPriceAloneGivesTheCostAtCapacityAndNoComparison() {
    Capacity capacity = sweep(p99TtftAtMost500()).capacity();
    CostFigures cost = SweepAnalysis.cost(Pricing.hourly(4.47), capacity);
    // 1,728 output tok/s at capacity: 6,220,800 tokens an hour for 4.47.
    assertEquals(4.47 / (1728 * 3600.0) * 1e6, cost.costPerMillionAtCapacity(), 1e-12);
    assertEquals(0.7186, cost.costPerMillionAtCapacity(), 1e-4);
    assertTrue(Double.isNaN(cost.breakEvenTokensPerSecond()), "no API to break even with");
    assertTrue(Double.isNaN(cost.requiredUtilisation()));
  }

  @Test
  void pricingExampleFromMetricsMd() {
    assertEquals(1910, Math.round(new Pricing(4.47, 0.65).breakEvenTokensPerSecond()));
  }

  /**
   * The reference sweep judged by SLOs: the story names the level above the capacity and the SLO it
   * missed.
   */
  @Test
  void capacityStoryNamesTheLevelAboveAndTheSloItMissed() {
    // TTFT <= 500 ms and TPOT <= 50 ms, 95 % good: 32 streams has its requests at 287 and 498 ms
    // (all good), 64 streams at 611 and 1,240 ms: none good, all over the TTFT SLO, none over the
    // TPOT SLO (1 / 34 tok/s).
    RunSummary summary = sweep(RunConfig.startingAt(T0).withSlos(new Slos(500.0, 50.0, null)));
    assertEquals("32 streams", summary.capacity().label());
    assertEquals(
        "32 streams is the highest level that meets the target (good fraction >= 0.95); 64 streams"
            + " misses it: 0 % good requests, 100 % of requests over the TTFT SLO (500 ms), TTFT p99 1240.0 ms. Nothing between"
            + " them was tested: resolution 32 streams.",
        CapacityStory.explain(summary));
  }

  @Test
  void withoutAnySloTheStorySaysTheCapacityIsOnlyTheTopLevel() {
    RunSummary summary = sweep(RunConfig.startingAt(T0));
    assertEquals("128 streams", summary.capacity().label());
    String story = CapacityStory.explain(summary);
    assertTrue(story.startsWith("No SLO is set"), story);
    assertTrue(
        story.contains(
            "128 streams is the highest level that succeeded, not a sustainable capacity"),
        story);
  }

  @Test
  void whenTheTopLevelMeetsTheTargetTheStorySaysTheCapacityMayBeHigher() {
    RunSummary summary = sweep(RunConfig.startingAt(T0).withSlos(new Slos(5000.0, null, null)));
    assertEquals("128 streams", summary.capacity().label());
    assertTrue(
        CapacityStory.explain(summary)
            .endsWith("is the highest level tested: the capacity may be higher."),
        CapacityStory.explain(summary));
  }
}
