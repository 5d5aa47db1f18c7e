package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.level.LevelFigures;
import java.util.Locale;

/**
 * Whether a sweep should stop climbing before a level (metrics.md, "Stopping past saturation"): the
 * level before had no good request where a lower one had some, or each of the last two levels added
 * less than {@value #MIN_GAIN_PERCENT} % output tok/s while TTFT p99 grew. Past that point a higher
 * load only makes the requests slower, and against a real server the remaining levels are the
 * slowest and the least useful.
 */
public final class SaturationStop {
  /** The least gain in output tok/s a level must bring over the one before. */
  public static final int MIN_GAIN_PERCENT = 5;

  private SaturationStop() {}

  /**
   * Why the sweep should not start the level at {@code next}, or null to go on.
   *
   * @param summary the run's figures so far (every level before {@code next} ended)
   * @param next the index of the level about to start
   */
  public static String reason(RunSummary summary, int next) {
    LevelFigures last = level(summary, next - 1);
    if (last == null) {
      return null;
    }
    if (last.figures().counts().requests() > 0
        && last.figures().counts().good() == 0
        && anyGoodBefore(summary, next - 1)) {
      return last.level().label() + " had no good request, where a lower load had some";
    }
    LevelFigures before = level(summary, next - 2);
    LevelFigures first = level(summary, next - 3);
    if (before == null || first == null) {
      return null;
    }
    if (!stalled(first, before) || !stalled(before, last)) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "%s and %s each added less than %d %% output tok/s (%.1f, %.1f, %.1f) while TTFT p99"
            + " grew (%.1f, %.1f, %.1f ms)",
        before.level().label(),
        last.level().label(),
        MIN_GAIN_PERCENT,
        tokensPerSecond(first),
        tokensPerSecond(before),
        tokensPerSecond(last),
        ttftP99(first),
        ttftP99(before),
        ttftP99(last));
  }

  /**
   * Whether a level below {@code index} had a good request: a sweep whose SLOs no level meets (too
   * strict for the server, even at one stream) still shows its throughput curve.
   */
  private static boolean anyGoodBefore(RunSummary summary, int index) {
    for (LevelFigures level : summary.levels()) {
      if (level.level().window().index() < index && level.figures().counts().good() > 0) {
        return true;
      }
    }
    return false;
  }

  /** The higher level brought less than the least gain while its TTFT p99 grew. */
  private static boolean stalled(LevelFigures lower, LevelFigures higher) {
    double gain = tokensPerSecond(higher) / tokensPerSecond(lower) - 1;
    return tokensPerSecond(lower) > 0
        && gain < MIN_GAIN_PERCENT / 100.0
        && ttftP99(higher) > ttftP99(lower);
  }

  private static double tokensPerSecond(LevelFigures level) {
    return level.figures().throughput().outputThroughput();
  }

  private static double ttftP99(LevelFigures level) {
    return level.figures().latency().ttft().orNaNWhenEmpty().p99();
  }

  private static LevelFigures level(RunSummary summary, int index) {
    if (index < 0) {
      return null;
    }
    for (LevelFigures level : summary.levels()) {
      if (level.level().window().index() == index) {
        return level;
      }
    }
    return null;
  }
}
