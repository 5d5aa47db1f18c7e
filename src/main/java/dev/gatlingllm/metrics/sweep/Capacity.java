package dev.gatlingllm.metrics.sweep;

/**
 * Sustainable capacity (metrics.md): the highest tested level whose SLO attainment meets the
 * target.
 *
 * @param levelIndex its position in {@code RunSummary.levels}
 * @param ttftP50Ms the TTFT its users waited: from the arrival at an open-model level, else from
 *     the send
 * @param shareOfPeak its output throughput over the highest output throughput of any level
 * @param breakingIndex the position of the lowest tested level above it that misses the target, or
 *     -1 when none
 * @param breakingLoad that level's load, or NaN when none
 */
public record Capacity(
    int levelIndex,
    String label,
    double load,
    double outputThroughput,
    double perStreamTokensPerSecond,
    double ttftP50Ms,
    double ttftP99Ms,
    double attainment,
    double shareOfPeak,
    int breakingIndex,
    double breakingLoad) {

  /**
   * How far apart the capacity and the level that breaks the target are: the true capacity lies
   * between them, since nothing between them was tested. NaN when no level above the capacity
   * missed.
   */
  public double resolution() {
    return breakingIndex < 0 ? Double.NaN : breakingLoad - load;
  }
}
