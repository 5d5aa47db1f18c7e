package dev.gatlingllm.metrics.sweep;

/**
 * Cost figures (metrics.md, Cost). Figures that need a capacity are NaN when no level met the
 * target.
 *
 * @param breakEvenTokensPerSecond output tok/s at which self-hosting costs as much as the API
 * @param costPerMillionAtCapacity cost of a million output tokens at capacity
 * @param requiredUtilisation break-even / capacity output throughput: the share of the time the
 *     deployment must run at capacity for self-hosting to win (above 1: it cannot win)
 * @param currency the prices' currency ({@link Pricing#currency})
 */
public record CostFigures(
    double pricePerHour,
    double pricePerMillionOutputTokens,
    double breakEvenTokensPerSecond,
    double costPerMillionAtCapacity,
    double requiredUtilisation,
    String currency) {}
