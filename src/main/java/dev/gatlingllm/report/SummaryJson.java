package dev.gatlingllm.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.health.ClientHealth;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.LevelRepeats;
import dev.gatlingllm.metrics.level.TokenMismatch;
import dev.gatlingllm.metrics.level.TokenTotals;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.stats.MeanInterval;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.CostFigures;
import dev.gatlingllm.metrics.sweep.Knee;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.RateBudget;
import java.time.Instant;

/**
 * {@code summary.json}: vLLM {@code bench serve}'s field names where the meaning is the same
 * ({@code completed}, {@code output_throughput}, {@code mean_ttft_ms}...), our own for the rest.
 * Durations are milliseconds, throughputs per second of measurement window.
 */
final class SummaryJson {
  private SummaryJson() {}

  static ObjectNode of(RunSummary summary) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    putWorkload(root, summary.config());
    putRunTimes(root, summary);
    putFigures(root, summary.run());
    putGoals(root, summary.config());
    putLevels(root.putArray("levels"), summary);
    TradeOffSection.json(root, summary);
    putRequestNames(root.putArray("request_names"), summary);
    AgentSessionsSection.json(root, summary);
    if (summary.server() != null) {
      root.set("server_metrics", ServerMetricsReport.runNode(summary.server()));
    }
    putVerdict(root, summary);
    ObjectNode metadata = root.putObject("metadata");
    summary.config().metadata().forEach(metadata::put);
    return root;
  }

  /** What was tested, and with which version of the tool. */
  private static void putWorkload(ObjectNode root, RunConfig config) {
    root.put("tool", "gatling-llm");
    Json.put(root, "tool_version", config.toolVersion());
    Json.put(root, "model_id", config.model());
    Json.put(root, "endpoint", config.endpoint());
    if (config.inputLength() >= 0) {
      root.put("input_len", config.inputLength());
    }
    if (config.outputLength() >= 0) {
      root.put("output_len", config.outputLength());
    }
    if (config.gpus() > 0) {
      root.put("gpus", config.gpus());
    }
  }

  /** When the run ran, how much of it was measured, and whether it was stopped before its end. */
  private static void putRunTimes(ObjectNode root, RunSummary summary) {
    RunConfig config = summary.config();
    root.put("date", Instant.ofEpochMilli(config.runStartEpochMillis()).toString());
    root.put("run_start_epoch_ms", config.runStartEpochMillis());
    root.put("run_end_epoch_ms", summary.runEndEpochMillis());
    Json.put(root, "run_duration_s", summary.durationSeconds());
    root.put("duration", summary.run().windowSeconds());
    root.put("excluded_requests", summary.excludedRequests());
    // A run stopped before its end: which requests it cut off, and when (null when it reached its
    // end).
    root.put("aborted", summary.abortedRequests());
    if (summary.interrupted()) {
      root.put(
          "interrupted_at", Instant.ofEpochMilli(summary.interruptedAtEpochMillis()).toString());
      root.put("interrupted_at_epoch_ms", summary.interruptedAtEpochMillis());
      root.put("interruption", summary.interruption());
    } else {
      root.putNull("interrupted_at");
    }
  }

  /** What the run was judged by: its SLOs, its capacity target and the provider's rate limits. */
  private static void putGoals(ObjectNode root, RunConfig config) {
    ObjectNode slos = root.putObject("slos");
    Json.put(slos, "ttft_ms", config.slos().ttftMs());
    Json.put(slos, "tpot_ms", config.slos().tpotMs());
    Json.put(slos, "e2el_ms", config.slos().e2elMs());
    root.put("capacity_target", config.target().describe());
    if (config.rateBudget() != null) {
      root.set("rate_budget", rateBudget(config.rateBudget()));
    }
  }

  private static void putLevels(ArrayNode levels, RunSummary summary) {
    // In run order, so that levels[i] is the level whose "index" is i, as the capacity's and the
    // knee's level_index refer to it; the console and the page list them by load, as a sweep is
    // read.
    for (int i = 0; i < summary.levels().size(); i++) {
      ObjectNode level = level(i, summary.levels().get(i));
      if (summary.server() != null && i < summary.server().levels().size()) {
        level.set(
            "server",
            ServerMetricsReport.levelNode(
                summary.server().levels().get(i), summary.levels().get(i).figures()));
      }
      levels.add(level);
    }
  }

  private static void putRequestNames(ArrayNode names, RunSummary summary) {
    for (var named : summary.byRequestName()) {
      ObjectNode name = names.addObject();
      name.put("request_name", named.requestName());
      name.put("pooling_only", named.poolingOnly());
      putFigures(name, named.figures());
    }
  }

  /** The client's warnings, then the capacity, the knee and the cost. */
  private static void putVerdict(ObjectNode root, RunSummary summary) {
    ArrayNode warnings = root.putArray("client_warnings");
    ClientHealth.warnings(summary).forEach(warnings::add);
    root.set("capacity", capacity(summary.capacity()));
    root.put("capacity_story", CapacityStory.explain(summary));
    root.set("knee", knee(summary.knee()));
    if (summary.cost() != null) {
      root.set("cost", cost(summary.cost()));
    }
  }

  private static ObjectNode level(int position, LevelFigures level) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    LevelWindow window = level.level().window();
    node.put("index", position);
    node.put("label", level.level().label());
    if (window.concurrency() > 0) {
      node.put("concurrency", window.concurrency());
    } else if (window.requestRate() > 0) {
      node.put("request_rate", window.requestRate());
    }
    if (window.isOpenModel()) {
      // What the server really saw of the offered rate: the arrivals, and the sends that left the
      // client.
      Json.put(node, "arrival_rate", level.figures().arrivals().arrivalRate());
      Json.put(node, "achieved_request_rate", level.figures().arrivals().achievedRequestRate());
      node.put("keeps_offered_rate", level.keepsOfferedRate());
    }
    node.put("start_epoch_ms", window.startMillis());
    node.put("measure_from_epoch_ms", window.measureFromMillis());
    node.put("end_epoch_ms", window.endMillis());
    node.put("duration", level.figures().windowSeconds());
    putFigures(node, level.figures());
    node.put("meets_target", level.meetsTarget());
    Json.put(node, "attainment", level.attainment());
    if (!Double.isNaN(level.costPerMillionOutputTokens())) {
      Json.put(node, "cost_per_million_output_tokens", level.costPerMillionOutputTokens());
    }
    if (level.repeats().repeated()) {
      node.set("repeats", repeats(level.repeats()));
    }
    return node;
  }

  /**
   * A level run several times: each figure's mean over the runs with its 95 % interval, and each
   * run's own figures, so that a comparison or a dashboard can judge the runs themselves.
   */
  private static ObjectNode repeats(LevelRepeats repeats) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("count", repeats.runs().size());
    interval(node, "output_throughput", repeats.outputThroughput());
    interval(node, "request_goodput", repeats.requestGoodput());
    interval(node, "good_fraction", repeats.goodFraction());
    interval(node, "error_rate", repeats.errorRate());
    interval(node, "ttft_p50_ms", repeats.ttftP50());
    interval(node, "ttft_p99_ms", repeats.ttftP99());
    interval(node, "tpot_p50_ms", repeats.tpotP50());
    interval(node, "tpot_p99_ms", repeats.tpotP99());
    interval(node, "itl_p50_ms", repeats.itlP50());
    interval(node, "itl_p99_ms", repeats.itlP99());
    interval(node, "e2el_p50_ms", repeats.e2elP50());
    interval(node, "e2el_p99_ms", repeats.e2elP99());
    ArrayNode runs = node.putArray("runs");
    for (int i = 0; i < repeats.runs().size(); i++) {
      ObjectNode run = runs.addObject();
      run.put("repeat", i + 1);
      run.put("duration", repeats.runs().get(i).windowSeconds());
      putFigures(run, repeats.runs().get(i));
    }
    return node;
  }

  private static void interval(ObjectNode node, String name, MeanInterval interval) {
    ObjectNode figure = node.putObject(name);
    figure.put("runs", interval.count());
    Json.put(figure, "mean", interval.mean());
    Json.put(figure, "low", interval.low());
    Json.put(figure, "high", interval.high());
  }

  /**
   * A window's figures: those of the catalogue it has ({@link FigureCatalogue}), then where its
   * token counts came from, its untrusted streams and its errors.
   */
  private static void putFigures(ObjectNode node, Figures f) {
    for (FigureCatalogue.Figure figure : FigureCatalogue.WINDOW) {
      if (!figure.shown().test(f)) {
        continue;
      }
      FigureCatalogue.Value value = figure.value();
      if (value instanceof FigureCatalogue.Count count) {
        node.put(figure.key(), count.of().applyAsLong(f));
      } else if (value instanceof FigureCatalogue.Number number) {
        Json.put(node, figure.key(), number.of().applyAsDouble(f));
      } else if (value instanceof FigureCatalogue.Spread spread) {
        putDistribution(node, figure.key(), spread.of().apply(f));
      }
    }
    putTokenCounts(node, f.tokens());
    ObjectNode untrusted = node.putObject("untrusted_streams");
    untrusted.put("usage_ignored", f.untrusted().usageIgnored());
    untrusted.put("itl_capped", f.untrusted().itlCapped());
    untrusted.put("output_cut", f.untrusted().outputCut());
    ObjectNode errors = node.putObject("errors");
    f.counts().errors().forEach(errors::put);
  }

  /** Where the output token counts came from, and how far the server's and the client's differ. */
  private static void putTokenCounts(ObjectNode node, TokenTotals tokens) {
    node.put("output_token_source", tokens.mainOutputTokenSource().label());
    ObjectNode sources = node.putObject("output_token_sources");
    for (TokenCountSource source : TokenCountSource.values()) {
      Long count = tokens.outputTokenSources().get(source);
      if (count != null) {
        sources.put(source.label(), count);
      }
    }
    ObjectNode mismatch = node.putObject("token_count_mismatch");
    mismatch.put("requests", tokens.mismatch().requests());
    mismatch.put("server_tokens", tokens.mismatch().serverTokens());
    mismatch.put("client_tokens", tokens.mismatch().clientTokens());
    mismatch.put("absolute_difference", tokens.mismatch().absoluteDifference());
    Json.put(mismatch, "percent", tokens.mismatch().percent());
    TokenMismatch.Differing causes = tokens.mismatch().causes();
    ObjectNode differing = mismatch.putObject("differing");
    differing.put("requests", causes.requests());
    differing.put("tool_calls", causes.toolCalls());
    differing.put("reasoning", causes.reasoning());
    differing.put("text_only", causes.textOnly());
    differing.put("min_difference", causes.minDifference());
    differing.put("max_difference", causes.maxDifference());
  }

  static ObjectNode rateBudget(RateBudget budget) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("requests_per_minute", budget.requestsPerMinute());
    node.put("tokens_per_minute", budget.tokensPerMinute());
    return node;
  }

  /** vLLM's names: mean_, median_, std_, p90_, p95_, p99_ + "<name>_ms"; min_ and max_ are ours. */
  private static void putDistribution(ObjectNode node, String name, Distribution measured) {
    Distribution d = measured.orNaNWhenEmpty();
    Json.put(node, "mean_" + name + "_ms", d.mean());
    Json.put(node, "median_" + name + "_ms", d.p50());
    Json.put(node, "std_" + name + "_ms", d.std());
    Json.put(node, "p90_" + name + "_ms", d.p90());
    Json.put(node, "p95_" + name + "_ms", d.p95());
    Json.put(node, "p99_" + name + "_ms", d.p99());
    Json.put(node, "min_" + name + "_ms", d.min());
    Json.put(node, "max_" + name + "_ms", d.max());
    node.put(name + "_count", d.count());
  }

  private static ObjectNode capacity(Capacity capacity) {
    if (capacity == null) {
      return null;
    }
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("level_index", capacity.levelIndex());
    node.put("label", capacity.label());
    Json.put(node, "load", capacity.load());
    Json.put(node, "output_throughput", capacity.outputThroughput());
    Json.put(node, "per_stream_output_throughput", capacity.perStreamTokensPerSecond());
    Json.put(node, "median_ttft_ms", capacity.ttftP50Ms());
    Json.put(node, "p99_ttft_ms", capacity.ttftP99Ms());
    Json.put(node, "attainment", capacity.attainment());
    Json.put(node, "share_of_peak_output_throughput", capacity.shareOfPeak());
    if (capacity.breakingIndex() >= 0) {
      node.put("breaking_level_index", capacity.breakingIndex());
      Json.put(node, "breaking_load", capacity.breakingLoad());
      Json.put(node, "resolution", capacity.resolution());
    }
    return node;
  }

  private static ObjectNode knee(Knee knee) {
    if (knee == null) {
      return null;
    }
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("level_index", knee.levelIndex());
    node.put("label", knee.label());
    node.put("next_level_index", knee.nextLevelIndex());
    node.put("next_label", knee.nextLabel());
    switch (knee.axes()) {
      case OUTPUT_TOKENS_AND_TTFT -> {
        Json.put(node, "output_throughput_gain", knee.throughputGain());
        Json.put(node, "p99_ttft_ratio", knee.latencyP99Ratio());
      }
      case INPUTS_AND_E2EL -> {
        Json.put(node, "inputs_per_second_gain", knee.throughputGain());
        Json.put(node, "p99_pooled_e2el_ratio", knee.latencyP99Ratio());
      }
    }
    return node;
  }

  private static ObjectNode cost(CostFigures cost) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    Json.put(node, "price_per_hour", cost.pricePerHour());
    node.put("currency", cost.currency());
    Json.put(node, "price_per_million_output_tokens", cost.pricePerMillionOutputTokens());
    Json.put(node, "break_even_tok_s", cost.breakEvenTokensPerSecond());
    Json.put(node, "cost_per_million_output_tokens_at_capacity", cost.costPerMillionAtCapacity());
    Json.put(node, "required_utilisation", cost.requiredUtilisation());
    return node;
  }
}
