package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.stats.Distribution;

/**
 * The latencies of the successful requests of a window (metrics.md, "Per-request figures"), and the
 * send lateness of all of them, since a failed request waited as well.
 *
 * @param ttftFromScheduled first token - scheduled: the TTFT of a user of an open model, who waited
 *     from the arrival
 * @param itl the gaps between token events, pooled over the requests
 * @param itlPerToken those gaps divided by the tokens their event carried
 * @param e2elFromScheduled last token - scheduled: the E2EL of a user of an open model
 * @param sendLateness sent - scheduled, over every request
 */
public record LatencyFigures(
    Distribution ttft,
    Distribution ttftFromScheduled,
    Distribution ttfb,
    Distribution ttfo,
    Distribution tpot,
    Distribution itl,
    Distribution itlPerToken,
    Distribution e2el,
    Distribution e2elFromScheduled,
    Distribution sendLateness) {}
