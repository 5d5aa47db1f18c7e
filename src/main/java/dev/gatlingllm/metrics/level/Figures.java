package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of one level, or of the whole run, over its measurement window (metrics.md, "Run and level
 * figures"). Requests count by their start time, output tokens by their arrival time.
 *
 * <p>Latencies and token totals cover the successful requests, as in vLLM; the good fraction counts failed
 * requests as not good; send lateness covers every request, since a failed request waited as well.
 *
 * @param windowSeconds the length of the measurement window (a union of windows after a merge)
 * @param requests requests started in the window
 * @param completed successful ones
 * @param failed failed ones
 * @param good successful requests that met every SLO set
 * @param totalInputTokens input tokens of the successful requests (unknown counts add nothing)
 * @param totalOutputTokens output tokens N of the successful requests
 * @param outputTokensInWindow output tokens of successful requests that arrived in the window
 * @param requestThroughput completed / window
 * @param outputThroughput outputTokensInWindow / window
 * @param totalTokenThroughput (totalInputTokens + outputTokensInWindow) / window
 * @param perStreamTokensPerSecond the mean output speed (N - 1) / (E2EL - TTFT) of the successful streams
 * @param perStreamSamples how many streams that mean covers (those with N > 1)
 * @param requestGoodput good / window
 * @param goodFraction good / requests
 * @param arrivalRate the rate the requests started in the window arrived at (their scheduled times):
 *     (requests - 1) / (last arrival - first arrival); NaN under two requests
 * @param achievedRequestRate the rate they were sent at: (requests - 1) / (last send - first send); below the
 *     arrival rate when the client queued arrivals it could not send (a cap on streams, a slow server)
 * @param e2elFromScheduled last token - scheduled: the E2EL of a user of an open model, who waited from the arrival
 * @param eventLoopDelay how late the client's event loops ran during the window (EventLoopDelayProbe): a
 *     bound on what the client itself added to the latencies it measured; empty when not probed
 * @param outputTokenSources successful requests by where their output count came from
 * @param untrusted requests whose server figures were not taken as given (ignored usage, capped gaps, cut output)
 * @param errors failed requests by message (the most frequent ones; the rest under one entry)
 * @param serverTimes what the server said of its own decode and prompt times, for servers that time them
 * @param reasoning the reasoning tokens servers counted apart within their output counts
 * @param outputLengths the successful requests' output lengths, and how many stopped before their limit
 * @param rates requests and tokens per minute, and the requests turned away with HTTP 429
 */
public record Figures(
    double windowSeconds,
    long requests,
    long completed,
    long failed,
    long good,
    long totalInputTokens,
    long totalOutputTokens,
    long outputTokensInWindow,
    double requestThroughput,
    double outputThroughput,
    double totalTokenThroughput,
    double perStreamTokensPerSecond,
    long perStreamSamples,
    double requestGoodput,
    double goodFraction,
    double arrivalRate,
    double achievedRequestRate,
    Distribution ttft,
    Distribution ttftFromScheduled,
    Distribution ttfb,
    Distribution ttfo,
    Distribution tpot,
    Distribution itl,
    Distribution itlPerToken,
    Distribution e2el,
    Distribution e2elFromScheduled,
    Distribution sendLateness,
    Distribution eventLoopDelay,
    Map<TokenCountSource, Long> outputTokenSources,
    TokenMismatch mismatch,
    UntrustedStreams untrusted,
    Map<String, Long> errors,
    ServerTimes serverTimes,
    ReasoningTokens reasoning,
    OutputLengths outputLengths,
    RateFigures rates) {

  /**
   * The share of the arrival rate the sends must reach for an open-model level to have carried its offered load
   * (metrics.md, "Open model"): below it, arrivals queued in the client and the server saw a lower rate.
   */
  public static final double KEEP_UP_SHARE = 0.95;

  public Figures {
    outputTokenSources = Map.copyOf(outputTokenSources);
    errors = Collections.unmodifiableMap(new LinkedHashMap<>(errors));
  }

  /**
   * True when the requests were sent at no less than {@link #KEEP_UP_SHARE} of the rate they arrived at, or when
   * there are too few requests to tell.
   */
  public boolean keptArrivalRate() {
    return Double.isNaN(arrivalRate) || Double.isNaN(achievedRequestRate)
        || achievedRequestRate >= KEEP_UP_SHARE * arrivalRate;
  }

  /** The source most successful requests' output counts came from ("unknown" with none). */
  public TokenCountSource mainOutputTokenSource() {
    return outputTokenSources.entrySet().stream()
        .max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .orElse(TokenCountSource.UNKNOWN);
  }
}
