package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.slo.SloMisses;
import dev.gatlingllm.metrics.stats.EncodedStats;

/**
 * One level of the sweep table.
 *
 * @param level the level and the windows its figures cover
 * @param figures its figures
 * @param attainment the figure the capacity target tests (a percentile in ms, failures counting as
 *     slower than any request, or the good fraction); NaN when the level has nothing to test
 * @param meetsTarget whether it meets the capacity target (an open-model level must also have kept
 *     its rate)
 * @param keepsOfferedRate false for an open-model level whose requests were sent at less than
 *     {@link Arrivals#KEEP_UP_SHARE} of the rate they arrived at; true for every other level
 * @param costPerMillionOutputTokens cost of a million output tokens at this level's output
 *     throughput, NaN without prices
 * @param itlData the pooled ITL histogram, kept so that a merge can add it
 * @param itlPerTokenData the token-normalised ITL histogram, likewise
 * @param eventLoopDelayData the client's event-loop delay histogram, likewise
 * @param sloMisses the shares of its requests that failed or missed each SLO
 * @param repeats its figures run by run when it ran several times ({@link LevelRepeats#NONE} when
 *     once)
 */
public record LevelFigures(
    MeasuredLevel level,
    Figures figures,
    double attainment,
    boolean meetsTarget,
    boolean keepsOfferedRate,
    double costPerMillionOutputTokens,
    EncodedStats itlData,
    EncodedStats itlPerTokenData,
    EncodedStats eventLoopDelayData,
    SloMisses sloMisses,
    LevelRepeats repeats) {}
