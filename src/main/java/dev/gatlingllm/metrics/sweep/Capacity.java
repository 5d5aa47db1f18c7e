package dev.gatlingllm.metrics.sweep;

/**
 * Sustainable capacity (metrics.md): the highest tested level whose SLO attainment meets the target.
 *
 * @param levelIndex its position in {@code RunSummary.levels}
 * @param ttftP50Ms the TTFT its users waited: from the arrival at an open-model level, else from the send
 * @param shareOfPeak its output throughput over the highest output throughput of any level
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
    double shareOfPeak) {}
