package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.sweep.CostFigures;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.ArrayList;
import java.util.List;

/**
 * Each level's cost of a million output tokens against the API's price, in words: {@code 16 streams
 * 38 % cheaper}, {@code 1 stream 7.2 times dearer}. Read by the console, the page and summary.md,
 * so that the three say the same.
 */
final class CostByLevel {
  private CostByLevel() {}

  /**
   * One sentence over the levels in load order, or null without an API price or without a level
   * whose cost is known.
   */
  static String sentence(RunSummary summary) {
    CostFigures cost = summary.cost();
    if (cost == null || Double.isNaN(cost.pricePerMillionOutputTokens())) {
      return null;
    }
    double api = cost.pricePerMillionOutputTokens();
    List<String> parts = new ArrayList<>();
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      double own = level.costPerMillionOutputTokens();
      if (Double.isNaN(own) || Double.isInfinite(own) || !(own > 0)) {
        continue;
      }
      parts.add(level.level().label() + " " + compared(own, api));
    }
    if (parts.isEmpty()) {
      return null;
    }
    return "Against the API's "
        + Numbers.fixed(api, 2)
        + " "
        + cost.currency()
        + " per million output tokens: "
        + String.join(", ", parts)
        + ".";
  }

  /**
   * {@code 38 % cheaper}, {@code as dear} or {@code 7.2 times dearer}: a ratio for what costs more,
   * since "620 % dearer" reads worse than "7.2 times".
   */
  static String compared(double own, double api) {
    double ratio = own / api;
    if (ratio < 0.995) {
      return Numbers.fixed(100 * (1 - ratio), 0) + " % cheaper";
    }
    if (ratio < 1.005) {
      return "as dear";
    }
    return ratio < 2
        ? Numbers.fixed(100 * (ratio - 1), 0) + " % dearer"
        : Numbers.fixed(ratio, 1) + " times dearer";
  }
}
