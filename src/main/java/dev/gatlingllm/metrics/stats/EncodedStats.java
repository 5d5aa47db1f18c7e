package dev.gatlingllm.metrics.stats;

/**
 * A {@link LatencyStats} in a form that files can hold: the HDR histogram (compressed, base64) and
 * the exact moments. Merging runs adds these, so merged percentiles come from the merged data,
 * never from averages.
 */
public record EncodedStats(
    String hdrBase64,
    long count,
    long sumMicros,
    double sumSquares,
    long minMicros,
    long maxMicros) {}
