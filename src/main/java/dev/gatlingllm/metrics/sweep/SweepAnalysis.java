package dev.gatlingllm.metrics.sweep;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LatencyFigures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Capacity, knee and cost over the levels of a sweep (metrics.md). Pure functions of the level
 * figures.
 */
public final class SweepAnalysis {
  /** The default knee threshold: doubling the load adds less than 10 % output throughput. */
  public static final double KNEE_THRESHOLD = 0.10;

  private SweepAnalysis() {}

  /**
   * The highest load level that meets the target. The levels are taken by load, not by time, and
   * the highest one that passes wins even if a lower one failed: that is the most load the
   * deployment was seen to sustain.
   */
  public static Capacity capacity(List<LevelFigures> levels) {
    double peak =
        levels.stream()
            .mapToDouble(level -> level.figures().throughput().outputThroughput())
            .max()
            .orElse(0);
    int best = -1;
    for (int i = 0; i < levels.size(); i++) {
      LevelFigures level = levels.get(i);
      if (level.meetsTarget()
          && (best < 0 || level.level().load() >= levels.get(best).level().load())) {
        best = i;
      }
    }
    if (best < 0) {
      return null;
    }
    LevelFigures level = levels.get(best);
    Figures figures = level.figures();
    int breaking = lowestMissAbove(levels, level.level().load());
    Distribution userTtft = userTtft(level);
    return new Capacity(
        best,
        level.level().label(),
        level.level().load(),
        figures.throughput().outputThroughput(),
        figures.throughput().perStreamTokensPerSecond(),
        userTtft.p50(),
        userTtft.p99(),
        level.attainment(),
        peak > 0 ? figures.throughput().outputThroughput() / peak : 0,
        breaking,
        breaking < 0 ? Double.NaN : levels.get(breaking).level().load());
  }

  /** The position of the lowest level above {@code load} that misses the target, or -1. */
  private static int lowestMissAbove(List<LevelFigures> levels, double load) {
    int found = -1;
    for (int i = 0; i < levels.size(); i++) {
      LevelFigures level = levels.get(i);
      if (level.level().load() > load
          && !level.meetsTarget()
          && (found < 0 || level.level().load() < levels.get(found).level().load())) {
        found = i;
      }
    }
    return found;
  }

  /**
   * The positions of the levels by load, lowest first (run order among equal loads): how tables
   * list them.
   */
  public static List<Integer> byLoad(List<LevelFigures> levels) {
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < levels.size(); i++) {
      positions.add(i);
    }
    positions.sort(Comparator.comparingDouble(i -> levels.get(i).level().load()));
    return List.copyOf(positions);
  }

  /**
   * The TTFT a user of the level waited: from the arrival in an open model (the wait in the
   * client's queue included), from the send in a closed one.
   */
  public static Distribution userTtft(LevelFigures level) {
    LatencyFigures latency = level.figures().latency();
    return level.level().window().isOpenModel() ? latency.ttftFromScheduled() : latency.ttft();
  }

  /** {@link #knee(List, double)} with the default threshold. */
  public static Knee knee(List<LevelFigures> levels) {
    return knee(levels, KNEE_THRESHOLD);
  }

  /** {@link #knee(List, double, Knee.Axes)} of a generation sweep: output tok/s against TTFT. */
  public static Knee knee(List<LevelFigures> levels, double threshold) {
    return knee(levels, threshold, Knee.Axes.OUTPUT_TOKENS_AND_TTFT);
  }

  /**
   * The first level (by load) for which the next level with at least twice its load adds less than
   * {@code threshold} throughput while its p99 latency is higher, both as {@code axes} measures
   * them. Null when there is none, or when the levels are not a sweep (only the implicit level).
   */
  public static Knee knee(List<LevelFigures> levels, double threshold, Knee.Axes axes) {
    List<Integer> byLoad = new ArrayList<>();
    for (int i = 0; i < levels.size(); i++) {
      if (levels.get(i).level().load() > 0 && levels.get(i).figures().counts().completed() > 0) {
        byLoad.add(i);
      }
    }
    byLoad.sort(Comparator.comparingDouble(i -> levels.get(i).level().load()));
    for (int position = 0; position < byLoad.size(); position++) {
      LevelFigures level = levels.get(byLoad.get(position));
      Integer doubled = null;
      for (int later = position + 1; later < byLoad.size() && doubled == null; later++) {
        if (levels.get(byLoad.get(later)).level().load() >= 2 * level.level().load()) {
          doubled = byLoad.get(later);
        }
      }
      if (doubled == null) {
        return null;
      }
      LevelFigures next = levels.get(doubled);
      double throughput = axes.throughput(level.figures());
      if (throughput <= 0) {
        continue;
      }
      double gain = axes.throughput(next.figures()) / throughput - 1;
      double p99 = axes.latencyP99(level.figures());
      double nextP99 = axes.latencyP99(next.figures());
      double ratio = p99 > 0 ? nextP99 / p99 : Double.NaN;
      if (gain < threshold && nextP99 > p99) {
        return new Knee(
            byLoad.get(position),
            level.level().label(),
            doubled,
            next.level().label(),
            gain,
            ratio,
            axes);
      }
    }
    return null;
  }

  /** Cost figures, or null without prices. */
  public static CostFigures cost(Pricing pricing, Capacity capacity) {
    if (pricing == null) {
      return null;
    }
    double breakEven = pricing.breakEvenTokensPerSecond();
    double atCapacity =
        capacity == null
            ? Double.NaN
            : pricing.costPerMillionOutputTokens(capacity.outputThroughput());
    double utilisation =
        capacity == null || capacity.outputThroughput() <= 0
            ? Double.NaN
            : breakEven / capacity.outputThroughput();
    return new CostFigures(
        pricing.pricePerHour(),
        pricing.pricePerMillionOutputTokens(),
        breakEven,
        atCapacity,
        utilisation,
        pricing.currency());
  }
}
