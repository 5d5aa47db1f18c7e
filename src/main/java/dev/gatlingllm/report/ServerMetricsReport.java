package dev.gatlingllm.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.server.CumulativeHistogram;
import dev.gatlingllm.metrics.server.ServerEngine;
import dev.gatlingllm.metrics.server.ServerLevelFigures;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.metrics.server.ServerSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The server's own metrics in every part of the report: {@code summary.json} (per level and for the
 * run), {@code run.json} (the scrapes, so that a merge summarises them again over its levels), the
 * sweep table and chart of {@code index.html}, and the console's levels.
 */
final class ServerMetricsReport {
  private ServerMetricsReport() {}

  // ---- summary.json

  static ObjectNode runNode(ServerMetrics server) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    Json.put(node, "url", server.url());
    Json.put(node, "engine", server.engine() == null ? null : server.engine().label());
    node.put("scrapes", server.scrapes());
    node.put("failed_scrapes", server.failures());
    Json.put(node, "first_failure", server.firstFailure());
    Json.put(node, "generated_tokens_over_run", server.generatedTokensOverRun());
    return node;
  }

  static ObjectNode levelNode(ServerLevelFigures s, Figures client) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("scrapes", s.samples());
    Json.put(node, "mean_running_requests", s.meanRunning());
    Json.put(node, "peak_running_requests", s.peakRunning());
    Json.put(node, "mean_waiting_requests", s.meanWaiting());
    Json.put(node, "peak_waiting_requests", s.peakWaiting());
    Json.put(node, "mean_kv_cache_usage", s.meanKvCacheUsage());
    Json.put(node, "peak_kv_cache_usage", s.peakKvCacheUsage());
    Json.put(node, "preemptions", s.preemptions());
    Json.put(node, "generated_tokens", s.generatedTokens());
    Json.put(node, "prompt_tokens", s.promptTokens());
    node.put("client_output_tokens_in_window", client.tokens().outputTokensInWindow());
    Json.put(node, "generated_vs_client_percent", generatedVsClientPercent(s, client));
    Json.put(node, "ttft_count", s.ttftCount());
    Json.put(node, "mean_ttft_ms", s.ttftMeanMs());
    Json.put(node, "median_ttft_ms", s.ttftP50Ms());
    Json.put(node, "p99_ttft_ms", s.ttftP99Ms());
    Json.put(node, "prefix_cache_queries", s.prefixCacheQueries());
    Json.put(node, "prefix_cache_hits", s.prefixCacheHits());
    Json.put(node, "prefix_cache_hit_share", s.prefixCacheHitShare());
    return node;
  }

  /** How far the server's count of generated tokens is from the client's, in % of the client's. */
  static double generatedVsClientPercent(ServerLevelFigures s, Figures client) {
    long tokens = client.tokens().outputTokensInWindow();
    return tokens > 0 ? 100.0 * (s.generatedTokens() - tokens) / tokens : Double.NaN;
  }

  // ---- run.json

  static ObjectNode write(ServerMetrics server) {
    ObjectNode node = runNode(server);
    node.put("engine_id", server.engine() == null ? null : server.engine().name());
    ArrayNode samples = node.putArray("samples");
    double[] bounds = null;
    for (ServerSample sample : server.samples()) {
      if (sample.ttft() != null) {
        bounds = sample.ttft().upperBounds();
        break;
      }
    }
    if (bounds != null) {
      ArrayNode le = node.putArray("ttft_le");
      for (double bound : bounds) {
        if (bound != Double.POSITIVE_INFINITY) {
          le.add(bound);
        }
      }
    }
    for (ServerSample s : server.samples()) {
      ArrayNode row = samples.addArray();
      row.add(s.epochMillis());
      for (double value :
          new double[] {
            s.running(),
            s.waiting(),
            s.kvCacheUsage(),
            s.preemptions(),
            s.generatedTokens(),
            s.promptTokens()
          }) {
        if (Double.isNaN(value)) {
          row.addNull();
        } else {
          row.add(value);
        }
      }
      if (s.ttft() != null && Arrays.equals(s.ttft().upperBounds(), bounds)) {
        ArrayNode ttft = row.addArray().add(s.ttft().sum());
        for (double count : s.ttft().cumulativeCounts()) {
          ttft.add(count);
        }
      } else {
        row.addNull();
      }
      // Added after the row's first layout: last, so that files written before still read (NaN).
      addNumberOrNull(row, s.prefixCacheQueries());
      addNumberOrNull(row, s.prefixCacheHits());
    }
    return node;
  }

  static ServerMetrics read(JsonNode node) {
    if (node == null || !node.isObject()) {
      return null;
    }
    double[] bounds = null;
    if (node.path("ttft_le").isArray()) {
      JsonNode le = node.path("ttft_le");
      bounds = new double[le.size() + 1];
      for (int i = 0; i < le.size(); i++) {
        bounds[i] = le.get(i).asDouble();
      }
      bounds[le.size()] = Double.POSITIVE_INFINITY;
    }
    List<ServerSample> samples = new ArrayList<>();
    for (JsonNode row : node.path("samples")) {
      CumulativeHistogram ttft = null;
      JsonNode histogram = row.path(7);
      if (bounds != null && histogram.isArray() && histogram.size() == bounds.length + 1) {
        double[] counts = new double[bounds.length];
        for (int i = 0; i < counts.length; i++) {
          counts[i] = histogram.get(i + 1).asDouble();
        }
        ttft = new CumulativeHistogram(bounds, counts, histogram.get(0).asDouble());
      }
      samples.add(
          new ServerSample(
              row.path(0).asLong(),
              value(row, 1),
              value(row, 2),
              value(row, 3),
              value(row, 4),
              value(row, 5),
              value(row, 6),
              ttft,
              value(row, 8),
              value(row, 9)));
    }
    ServerEngine engine =
        node.path("engine_id").isTextual()
            ? ServerEngine.valueOf(node.path("engine_id").asText())
            : null;
    return new ServerMetrics(
        node.path("url").isTextual() ? node.path("url").asText() : null,
        engine,
        node.path("scrapes").asLong(),
        node.path("failed_scrapes").asLong(),
        node.path("first_failure").isTextual() ? node.path("first_failure").asText() : null,
        samples,
        List.of());
  }

  private static void addNumberOrNull(ArrayNode row, double value) {
    if (Double.isNaN(value)) {
      row.addNull();
    } else {
      row.add(value);
    }
  }

  private static double value(JsonNode row, int index) {
    return row.path(index).isNumber() ? row.path(index).asDouble() : Double.NaN;
  }

  // ---- index.html

  static final String TABLE_HEADERS =
      "<th>server running mean / peak</th><th>server waiting mean / peak</th>"
          + "<th>KV cache peak</th><th>preemptions</th><th>server / client output tokens</th>"
          + "<th>server TTFT p50 / p99 ms</th><th>prefix cache hits</th>";

  static String tableCells(ServerLevelFigures s, Figures client) {
    return cell(Numbers.number(s.meanRunning(), 1) + " / " + Numbers.number(s.peakRunning(), 0))
        + cell(Numbers.number(s.meanWaiting(), 1) + " / " + Numbers.number(s.peakWaiting(), 0))
        + cell(Double.isNaN(s.peakKvCacheUsage()) ? "-" : Numbers.percent(s.peakKvCacheUsage()))
        + cell(Numbers.number(s.preemptions(), 0))
        + cell(
            Numbers.number(s.generatedTokens(), 0) + " / " + client.tokens().outputTokensInWindow())
        + cell(Numbers.number(s.ttftP50Ms(), 1) + " / " + Numbers.number(s.ttftP99Ms(), 1))
        + cell(
            Double.isNaN(s.prefixCacheHitShare()) ? "-" : Numbers.percent(s.prefixCacheHitShare()));
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }

  static String tableNote(ServerMetrics server) {
    StringBuilder note =
        new StringBuilder(" Server columns: read every second from ")
            .append(server.url() == null ? "the server's metrics page" : server.url())
            .append(server.engine() == null ? "" : " (" + server.engine().label() + " names)")
            .append(
                "; gauges are the mean and peak of the scrapes in the level's window, counters their increase over it, ")
            .append("the server's TTFT estimated from its histogram's buckets. ")
            .append(server.scrapes())
            .append(" scrapes, ")
            .append(server.failures())
            .append(" failed");
    if (server.firstFailure() != null) {
      note.append(" (first: ").append(server.firstFailure()).append(")");
    }
    return note.append('.').toString();
  }

  /**
   * The server's series for the chart, on the same time axis as the client's timeline: generated
   * tok/s (the counter's increase between two scrapes over the time between them), running and
   * waiting requests.
   */
  static void chartData(ObjectNode root, ServerMetrics server, long runStartEpochMillis) {
    ObjectNode node = root.putObject("server");
    ArrayNode seconds = node.putArray("seconds");
    ArrayNode generated = node.putArray("generatedTokensPerSecond");
    ArrayNode running = node.putArray("running");
    ArrayNode waiting = node.putArray("waiting");
    List<ServerSample> samples = server.samples();
    int step =
        Math.max(1, (samples.size() + PageAssets.MAX_TIME_POINTS - 1) / PageAssets.MAX_TIME_POINTS);
    for (int i = step; i < samples.size(); i += step) {
      ServerSample before = samples.get(i - step);
      ServerSample s = samples.get(i);
      double dt = (s.epochMillis() - before.epochMillis()) / 1000.0;
      double rate =
          dt > 0 && s.generatedTokens() >= before.generatedTokens()
              ? (s.generatedTokens() - before.generatedTokens()) / dt
              : Double.NaN;
      seconds.add(Math.round((s.epochMillis() - runStartEpochMillis) / 100.0) / 10.0);
      addNumber(generated, rate);
      addNumber(running, s.running());
      addNumber(waiting, s.waiting());
    }
  }

  private static void addNumber(ArrayNode array, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      array.addNull();
    } else {
      array.add(Math.round(value * 1000) / 1000.0);
    }
  }

  // ---- console

  static String consoleHeader() {
    return String.format(
        Locale.ROOT,
        "%-14s %10s %10s %10s %10s %12s %10s\n",
        "server",
        "running",
        "waiting",
        "KV peak",
        "preempted",
        "gen/client",
        "cache hit");
  }

  static String consoleLine(String label, ServerLevelFigures s, Figures client) {
    return String.format(
        Locale.ROOT,
        "%-14s %10s %10s %10s %10s %12s %10s\n",
        label,
        Numbers.number(s.meanRunning(), 1) + "/" + Numbers.number(s.peakRunning(), 0),
        Numbers.number(s.meanWaiting(), 1) + "/" + Numbers.number(s.peakWaiting(), 0),
        Double.isNaN(s.peakKvCacheUsage())
            ? "-"
            : Numbers.number(100 * s.peakKvCacheUsage(), 1) + "%",
        Numbers.number(s.preemptions(), 0),
        Numbers.number(s.generatedTokens(), 0).replace(",", "")
            + "/"
            + client.tokens().outputTokensInWindow(),
        Double.isNaN(s.prefixCacheHitShare())
            ? "-"
            : Numbers.number(100 * s.prefixCacheHitShare(), 1) + "%");
  }
}
