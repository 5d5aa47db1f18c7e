package dev.gatlingllm.properties;

import dev.gatlingllm.bounds.Bound;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stated range of every {@code llm.*} property that holds numbers, in one table: the settings
 * reader ({@code dsl.ready.Settings}) takes the bound from here, docs/running.md shows this table
 * (a test holds the two together), and a test fails for a known property that is in neither this
 * table nor {@link #NOT_NUMBERS}. The upper bounds are where a value stops being a plausible load
 * and starts sizing the heap: a run of 2,000,000,000 agent sessions is refused in one line before a
 * single one is generated.
 */
public final class PropertyBounds {
  private static final long WEEK_SECONDS = 7 * 24 * 3600;
  private static final long MILLION = 1_000_000;

  /** Most values in one comma-separated list (levels, rates). */
  public static final int MAX_LIST_ENTRIES = 1000;

  private static final Map<String, Bound> BOUNDS = new LinkedHashMap<>();

  /** The known properties that hold no number: text, a switch, a choice, a file or a URL. */
  public static final Set<String> NOT_NUMBERS =
      Set.of(
          "llm.tokenRecords",
          "llm.detailedResults",
          "llm.sloRecords",
          "llm.requestRecordsOnly",
          "llm.baseline",
          "llm.baseline.failOnRegression",
          "llm.history",
          "llm.reportDir",
          "llm.resultsDir",
          "llm.stopWithParent",
          "llm.baseUrl",
          "llm.simulator.profile",
          "llm.endpoint",
          "llm.model",
          "llm.apiKey",
          "llm.dialect",
          "llm.serverMetrics",
          "llm.maxTokensField",
          "llm.ignoreEos",
          "llm.includeUsage",
          "llm.clientTokenizer",
          "llm.probe",
          "llm.saturationStop",
          "llm.trace",
          "llm.trace.format",
          "llm.trace.keepZeroOutput",
          "llm.tokenizer",
          "llm.dataset",
          "llm.dataset.promptField",
          "llm.dataset.answerField",
          "llm.dataset.answerLength",
          "llm.images.format",
          "llm.images.dataset",
          "llm.agent.trace",
          "llm.agent.tools",
          "llm.schema",
          "llm.schemaForm",
          "llm.poisson",
          "llm.cost.currency");

  static {
    // the report's thresholds, read by llm() in any simulation
    bound("llm.baseline.throughputPercent", Bound.above(0, 1000, "%"));
    bound("llm.baseline.latencyPercent", Bound.above(0, 1000, "%"));
    bound("llm.slo.ttftMs", Bound.above(0, 1e9, "ms, or none"));
    bound("llm.slo.tpotMs", Bound.above(0, 1e9, "ms, or none"));
    bound("llm.slo.e2elMs", Bound.above(0, 1e9, "ms, or none"));
    // the target
    bound("llm.idleTimeoutSeconds", Bound.whole(1, WEEK_SECONDS, "s"));
    bound("llm.timeoutSeconds", Bound.whole(1, WEEK_SECONDS, "s"));
    bound("llm.maxOutputBytes", Bound.whole(1, 256 * 1024 * 1024, "bytes per request"));
    bound("llm.injector.index", Bound.whole(0, 999, ""));
    bound("llm.injector.count", Bound.whole(1, 1000, ""));
    bound(
        "llm.injector.startAt",
        Bound.whole(0, 253_402_300_799_999L, "epoch ms, or an ISO instant"));
    // the workload
    bound("llm.levels", Bound.whole(1, 100_000, "streams each"));
    bound("llm.requestsPerLevel", Bound.whole(0, 10 * MILLION, "requests"));
    bound("llm.requestsPerStream", Bound.whole(1, MILLION, "requests"));
    bound("llm.levelDuration", Bound.closed(0.001, WEEK_SECONDS, "s"));
    bound("llm.rampSeconds", Bound.closed(0, 3600, "s"));
    bound("llm.repeats", Bound.whole(1, 100, ""));
    bound("llm.history.runs", Bound.whole(2, 10_000, "runs"));
    bound("llm.history.baselineRuns", Bound.whole(3, 10_000, "runs"));
    bound("llm.warmupRequests", Bound.whole(0, 100_000, "requests"));
    bound("llm.warmupSeconds", Bound.closed(0, 3600, "s"));
    bound("llm.warmupStreams", Bound.whole(0, 100_000, "streams"));
    bound("llm.warmupMaxRequests", Bound.whole(0, 10 * MILLION, "requests, 0 = no limit"));
    bound("llm.inputTokens", Bound.whole(1, 2 * MILLION, "tokens"));
    bound("llm.outputTokens", Bound.whole(1, 2 * MILLION, "tokens"));
    bound("llm.embedBatchSize", Bound.whole(1, 4096, "inputs per request"));
    bound("llm.embedDimensions", Bound.whole(0, 65_536, "0 = the model's"));
    bound("llm.rerankDocuments", Bound.whole(0, 10_000, "documents, 0 = the batch size"));
    bound("llm.rangeRatio", Bound.below(0, 1, ""));
    bound("llm.outputRangeRatio", Bound.below(0, 1, ""));
    bound("llm.prefixTokens", Bound.whole(0, 2 * MILLION, "tokens"));
    bound("llm.prefixGroups", Bound.whole(1, 100_000, ""));
    bound("llm.trace.speed", Bound.closed(0.001, 1000, "x"));
    bound("llm.trace.limit", Bound.whole(0, 10 * MILLION, "requests, 0 = all"));
    bound("llm.trace.blockTokens", Bound.whole(1, 65_536, "tokens"));
    bound("llm.trace.fromSeconds", Bound.closed(0, 1e9, "s"));
    bound("llm.trace.toSeconds", Bound.closed(0, 1e9, "s"));
    bound("llm.seed", Bound.whole(Long.MIN_VALUE, Long.MAX_VALUE, ""));
    bound("llm.ratio", Bound.whole(1, 2 * MILLION, "tokens each side of <input>:<output>"));
    bound("llm.dataset.limit", Bound.whole(0, 10 * MILLION, "prompts, 0 = all"));
    bound("llm.images.count", Bound.whole(0, 64, "images per request"));
    bound("llm.images.width", Bound.whole(1, 8192, "pixels"));
    bound("llm.images.height", Bound.whole(1, 8192, "pixels"));
    bound("llm.images.distinct", Bound.whole(1, 4096, "image sets"));
    bound("llm.audio.count", Bound.whole(0, 16, "clips per request"));
    bound("llm.audio.seconds", Bound.whole(1, 3600, "s"));
    bound("llm.audio.distinct", Bound.whole(1, 1024, "clip sets"));
    bound("llm.turns", Bound.whole(1, 1000, "turns"));
    bound("llm.thinkTimeSeconds", Bound.closed(0.001, 3600, "s"));
    bound("llm.agent.sessions", Bound.whole(0, 100_000, "sessions, 0 = the trace's"));
    bound("llm.agent.minTurns", Bound.whole(1, 1000, "turns"));
    bound("llm.agent.maxTurns", Bound.whole(1, 1000, "turns"));
    bound("llm.agent.toolLatencyMs", Bound.whole(1, 3_600_000, "ms"));
    bound("llm.agent.toolLatencyScale", Bound.closed(0, 1000, "x"));
    bound("llm.agent.maxInFlight", Bound.whole(0, 100_000, "sessions, 0 = no limit"));
    bound("llm.rates", Bound.above(0, 10_000, "requests/s each"));
    bound("llm.maxConcurrency", Bound.whole(0, 100_000, "requests, 0 = no limit"));
    bound("llm.rpm", Bound.whole(0, 1_000_000_000, "requests/min"));
    bound("llm.tpm", Bound.whole(0, 2_000_000_000, "tokens/min"));
    bound("llm.rateMarginSeconds", Bound.closed(0, 60, "s"));
    bound("llm.rateWindowSeconds", Bound.closed(0.001, 3600, "s"));
    bound("llm.retry429", Bound.whole(0, 100, "retries"));
    bound("llm.retry429MaxWaitSeconds", Bound.closed(0.001, 3600, "s"));
    bound("llm.concurrency", Bound.whole(1, 100_000, "streams"));
    bound("llm.durationSeconds", Bound.whole(1, WEEK_SECONDS, "s"));
    // the report
    bound("llm.settleSeconds", Bound.closed(0.001, 3600, "s"));
    bound("llm.capacity.p99TtftMs", Bound.above(0, 1e9, "ms"));
    bound("llm.capacity.goodFraction", Bound.closed(0, 1, ""));
    bound("llm.cost.pricePerHour", Bound.above(0, 1e9, "per hour"));
    bound("llm.cost.pricePerMillionOutputTokens", Bound.above(0, 1e9, ""));
    bound("llm.gpus", Bound.whole(0, 100_000, ""));
    bound("llm.assert.outputThroughput", Bound.above(0, 1e12, "tokens/s"));
    bound("llm.assert.goodput", Bound.above(0, 1e12, "requests/s"));
    bound("llm.assert.goodFraction", Bound.closed(0, 1, ""));
    bound("llm.assert.capacity", Bound.above(0, 1e9, "streams"));
    bound("llm.assert.ttftP99Ms", Bound.above(0, 1e9, "ms"));
    bound("llm.searchResolution", Bound.whole(0, 100_000, "streams, 0 = the default"));
  }

  private PropertyBounds() {}

  private static void bound(String name, Bound bound) {
    BOUNDS.put(name, bound);
  }

  /**
   * @return the bound of a property that holds numbers
   * @throws IllegalStateException for a property without one: a number read from it would be
   *     unbounded (a mistake of the code, caught by the first test that reads it)
   */
  public static Bound of(String name) {
    Bound bound = BOUNDS.get(name);
    if (bound == null) {
      throw new IllegalStateException(
          name + " is read as a number but has no bound in PropertyBounds");
    }
    return bound;
  }

  /**
   * @return every bounded property with its bound, in the table's order
   */
  public static Map<String, Bound> all() {
    return Collections.unmodifiableMap(BOUNDS);
  }

  /** The markdown table of docs/running.md: each bounded property, its range and unit. */
  public static String markdownTable(Map<String, Bound> bounds) {
    StringBuilder sb = new StringBuilder("| property | accepts | unit |\n|---|---|---|\n");
    bounds.forEach(
        (name, bound) ->
            sb.append("| `")
                .append(name)
                .append("` | ")
                .append(bound.whole() ? "whole number in " : "number in ")
                .append('`')
                .append(bound.range())
                .append("` | ")
                .append(bound.unit())
                .append(" |\n"));
    return sb.toString();
  }

  /** The lists' names: each entry is checked against the bound, and the entries are counted. */
  public static final List<String> LISTS = List.of("llm.levels", "llm.rates");
}
