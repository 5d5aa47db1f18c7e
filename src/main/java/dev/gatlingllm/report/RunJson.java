package dev.gatlingllm.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.level.TimeInterval;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.stats.EncodedStats;
import dev.gatlingllm.metrics.stats.LatencyStats;
import dev.gatlingllm.metrics.stats.PerSecondSeries;
import dev.gatlingllm.metrics.sweep.Pricing;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.RateBudget;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code run.json}: what a merge needs beside {@code requests.csv} to rebuild every figure: the
 * run's configuration (levels, SLOs, target, prices), each level's measurement windows, the pooled
 * ITL histograms (a row cannot hold every gap) and the per-second time buckets.
 */
final class RunJson {
  static final int FORMAT = 1;
  private static final EncodedStats EMPTY_STATS = new LatencyStats().encode();

  /**
   * What one run.json holds. The lists are in level order, as the level column of requests.csv
   * counts.
   */
  record RunData(
      RunConfig config,
      long runEndEpochMillis,
      List<MeasuredLevel> levels,
      List<EncodedStats> itl,
      List<EncodedStats> itlPerToken,
      List<EncodedStats> eventLoopDelay,
      PerSecondSeries timeline,
      ServerMetrics server,
      long interruptedAtEpochMillis) {}

  private RunJson() {}

  static ObjectNode of(RunSummary summary) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("format", FORMAT);
    root.set("config", config(summary.config()));
    root.put("run_end_epoch_ms", summary.runEndEpochMillis());
    if (summary.interrupted()) {
      root.put("interrupted_at_epoch_ms", summary.interruptedAtEpochMillis());
    }
    ArrayNode levels = root.putArray("levels");
    for (LevelFigures level : summary.levels()) {
      ObjectNode node = window(level.level().window());
      ArrayNode measured = node.putArray("measured");
      for (TimeInterval interval : level.level().measured()) {
        measured.addArray().add(interval.fromMillis()).add(interval.toMillis());
      }
      node.set("itl", stats(level.itlData()));
      node.set("itl_per_token", stats(level.itlPerTokenData()));
      node.set("event_loop_delay", stats(level.eventLoopDelayData()));
      levels.add(node);
    }
    ObjectNode timeline = root.putObject("timeline");
    timeline.put("start_epoch_s", summary.timeline().startEpochSecond());
    ArrayNode tokens = timeline.putArray("output_tokens");
    for (long count : summary.timeline().outputTokens()) {
      tokens.add(count);
    }
    ArrayNode streams = timeline.putArray("active_streams");
    for (double value : summary.timeline().activeStreams()) {
      streams.add(value);
    }
    ArrayNode inputs = timeline.putArray("pooled_inputs");
    for (long count : summary.timeline().pooledInputs()) {
      inputs.add(count);
    }
    if (summary.server() != null) {
      root.set("server_metrics", ServerMetricsReport.write(summary.server()));
    }
    return root;
  }

  static RunData read(Path file) throws IOException {
    JsonNode root = Json.MAPPER.readTree(file.toFile());
    if (root == null || root.path("format").asInt() != FORMAT) {
      throw new IOException(file + ": not a run.json of format " + FORMAT);
    }
    RunConfig config = readConfig(root.path("config"));
    List<MeasuredLevel> levels = new ArrayList<>();
    List<EncodedStats> itl = new ArrayList<>();
    List<EncodedStats> itlPerToken = new ArrayList<>();
    List<EncodedStats> eventLoopDelay = new ArrayList<>();
    for (JsonNode node : root.path("levels")) {
      List<TimeInterval> measured = new ArrayList<>();
      for (JsonNode pair : node.path("measured")) {
        measured.add(new TimeInterval(pair.get(0).asLong(), pair.get(1).asLong()));
      }
      levels.add(new MeasuredLevel(readWindow(node), measured));
      itl.add(readStats(node.path("itl")));
      itlPerToken.add(readStats(node.path("itl_per_token")));
      // absent in the files of runs made before the client probed its event loops
      eventLoopDelay.add(
          node.has("event_loop_delay") ? readStats(node.path("event_loop_delay")) : EMPTY_STATS);
    }
    JsonNode timeline = root.path("timeline");
    JsonNode tokens = timeline.path("output_tokens");
    JsonNode streams = timeline.path("active_streams");
    long[] tokenCounts = new long[tokens.size()];
    double[] streamCounts = new double[streams.size()];
    for (int i = 0; i < tokenCounts.length; i++) {
      tokenCounts[i] = tokens.get(i).asLong();
    }
    for (int i = 0; i < streamCounts.length; i++) {
      streamCounts[i] = streams.get(i).asDouble();
    }
    // absent (zeros) in the files of runs made before the timeline counted pooled inputs
    JsonNode inputs = timeline.path("pooled_inputs");
    long[] inputCounts = new long[tokenCounts.length];
    for (int i = 0; i < inputCounts.length && i < inputs.size(); i++) {
      inputCounts[i] = inputs.get(i).asLong();
    }
    return new RunData(
        config,
        root.path("run_end_epoch_ms").asLong(),
        levels,
        itl,
        itlPerToken,
        eventLoopDelay,
        new PerSecondSeries(
            timeline.path("start_epoch_s").asLong(), tokenCounts, streamCounts, inputCounts),
        ServerMetricsReport.read(root.get("server_metrics")),
        root.path("interrupted_at_epoch_ms").asLong(RunSummary.NOT_INTERRUPTED));
  }

  static ObjectNode config(RunConfig config) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("run_start_epoch_ms", config.runStartEpochMillis());
    node.put("warmup_ms", config.warmupMillis());
    ArrayNode levels = node.putArray("levels");
    config.levels().forEach(level -> levels.add(window(level)));
    ObjectNode slos = node.putObject("slos");
    Json.put(slos, "ttft_ms", config.slos().ttftMs());
    Json.put(slos, "tpot_ms", config.slos().tpotMs());
    Json.put(slos, "e2el_ms", config.slos().e2elMs());
    ObjectNode target = node.putObject("target");
    target.put("kind", config.target().kind().name());
    Json.put(
        target,
        "metric",
        config.target().metric() == null ? null : config.target().metric().name());
    target.put("percentile", config.target().percentile());
    target.put("limit", config.target().limit());
    if (config.pricing() != null) {
      ObjectNode pricing = node.putObject("pricing");
      pricing.put("price_per_hour", config.pricing().pricePerHour());
      pricing.put("currency", config.pricing().currency());
      if (config.pricing().hasApiPrice()) {
        pricing.put(
            "price_per_million_output_tokens", config.pricing().pricePerMillionOutputTokens());
      }
    }
    if (config.rateBudget() != null) {
      node.set("rate_budget", SummaryJson.rateBudget(config.rateBudget()));
    }
    Json.put(node, "model", config.model());
    Json.put(node, "endpoint", config.endpoint());
    node.put("input_len", config.inputLength());
    node.put("output_len", config.outputLength());
    if (config.gpus() > 0) {
      node.put("gpus", config.gpus());
    }
    if (config.capacitySearch()) {
      node.put("capacity_search", true);
    }
    Json.put(node, "tool_version", config.toolVersion());
    ObjectNode metadata = node.putObject("metadata");
    config.metadata().forEach(metadata::put);
    return node;
  }

  static RunConfig readConfig(JsonNode node) {
    List<LevelWindow> levels = new ArrayList<>();
    node.path("levels").forEach(level -> levels.add(readWindow(level)));
    JsonNode slos = node.path("slos");
    JsonNode target = node.path("target");
    AttainmentTarget.Kind kind = AttainmentTarget.Kind.valueOf(target.path("kind").asText());
    AttainmentTarget attainment =
        new AttainmentTarget(
            kind,
            target.path("metric").isTextual()
                ? AttainmentTarget.Metric.valueOf(target.path("metric").asText())
                : null,
            target.path("percentile").asDouble(),
            target.path("limit").asDouble());
    JsonNode pricing = node.path("pricing");
    Map<String, String> metadata = new LinkedHashMap<>();
    node.path("metadata")
        .properties()
        .forEach(entry -> metadata.put(entry.getKey(), entry.getValue().asText()));
    return new RunConfig(
        node.path("run_start_epoch_ms").asLong(),
        levels,
        node.path("warmup_ms").asLong(),
        new Slos(optional(slos, "ttft_ms"), optional(slos, "tpot_ms"), optional(slos, "e2el_ms")),
        attainment,
        pricing.isObject()
            ? new Pricing(
                pricing.path("price_per_hour").asDouble(),
                pricing.path("price_per_million_output_tokens").asDouble(Double.NaN),
                pricing.path("currency").asText(Pricing.DEFAULT_CURRENCY))
            : null,
        text(node, "model"),
        text(node, "endpoint"),
        node.path("input_len").asInt(-1),
        node.path("output_len").asInt(-1),
        text(node, "tool_version"),
        metadata,
        rateBudget(node.path("rate_budget")),
        node.path("gpus").asInt(0),
        node.path("capacity_search").asBoolean(false));
  }

  private static RateBudget rateBudget(JsonNode budget) {
    return budget.isObject()
        ? new RateBudget(
            budget.path("requests_per_minute").asLong(), budget.path("tokens_per_minute").asLong())
        : null;
  }

  private static ObjectNode window(LevelWindow window) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("index", window.index());
    node.put("concurrency", window.concurrency());
    node.put("request_rate", window.requestRate());
    node.put("start_epoch_ms", window.startMillis());
    node.put("measure_from_epoch_ms", window.measureFromMillis());
    node.put("end_epoch_ms", window.endMillis());
    node.put("arrival_window_ms", window.arrivalWindowMillis());
    return node;
  }

  private static LevelWindow readWindow(JsonNode node) {
    return new LevelWindow(
        node.path("index").asInt(),
        node.path("concurrency").asInt(),
        node.path("request_rate").asDouble(),
        node.path("start_epoch_ms").asLong(),
        node.path("measure_from_epoch_ms").asLong(),
        node.path("end_epoch_ms").asLong(),
        // 0 in a run.json written before open-model levels kept their arrival window.
        Math.max(0, node.path("arrival_window_ms").asLong()));
  }

  private static ObjectNode stats(EncodedStats stats) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("hdr", stats.hdrBase64());
    node.put("count", stats.count());
    node.put("sum_us", stats.sumMicros());
    node.put("sum_squares_us2", stats.sumSquares());
    node.put("min_us", stats.minMicros());
    node.put("max_us", stats.maxMicros());
    return node;
  }

  private static EncodedStats readStats(JsonNode node) {
    return new EncodedStats(
        node.path("hdr").asText(),
        node.path("count").asLong(),
        node.path("sum_us").asLong(),
        node.path("sum_squares_us2").asDouble(),
        node.path("min_us").asLong(-1),
        node.path("max_us").asLong(-1));
  }

  private static Double optional(JsonNode node, String field) {
    return node.path(field).isNumber() ? node.path(field).asDouble() : null;
  }

  private static String text(JsonNode node, String field) {
    return node.path(field).isTextual() ? node.path(field).asText() : null;
  }
}
