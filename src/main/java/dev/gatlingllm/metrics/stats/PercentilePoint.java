package dev.gatlingllm.metrics.stats;

/**
 * One point of a latency-by-percentile curve (as HdrHistogram plots it): {@code percentile} % of
 * the values are at most {@code ms}. Percentile 0 is the exact minimum, 100 the exact maximum.
 */
public record PercentilePoint(double percentile, double ms) {}
