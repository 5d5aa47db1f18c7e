package dev.gatlingllm.metrics.stats;

/** One bar of a distribution chart: values in [fromMs, toMs) were seen {@code count} times. */
public record HistogramBin(double fromMs, double toMs, long count) {}
