package dev.gatlingllm.metrics.level;

/**
 * What a window delivered per second (metrics.md, "Run and level figures"): "output" or "total"
 * said every time.
 *
 * @param requestThroughput completed / window
 * @param outputThroughput output tokens that arrived in the window / window
 * @param totalTokenThroughput (input tokens + output tokens in the window) / window
 * @param requestGoodput good / window
 * @param perStreamTokensPerSecond the mean output speed (N - 1) / (E2EL - TTFT) of the successful
 *     streams
 * @param perStreamSamples how many streams that mean covers (those with N > 1)
 */
public record Throughput(
    double requestThroughput,
    double outputThroughput,
    double totalTokenThroughput,
    double requestGoodput,
    double perStreamTokensPerSecond,
    long perStreamSamples) {}
