package dev.gatlingllm.metrics.sweep;

/**
 * The knee of the sweep (metrics.md): the first level after which doubling the load adds less than
 * the threshold of output throughput while p99 TTFT grows.
 *
 * @param levelIndex the knee level's position in {@code RunSummary.levels}
 * @param nextLevelIndex the level with at least twice its load it was compared with
 * @param throughputGain (next output throughput / knee output throughput) - 1
 * @param ttftP99Ratio next p99 TTFT / knee p99 TTFT
 */
public record Knee(
    int levelIndex,
    String label,
    int nextLevelIndex,
    String nextLabel,
    double throughputGain,
    double ttftP99Ratio) {}
