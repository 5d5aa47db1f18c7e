package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.report.csv.RequestsCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recomputes the figures of summary.json from requests.csv alone, with plain code independent of
 * the metrics package, and checks that they agree: totals and means exactly, HDR percentiles within
 * their 3 significant digits.
 */
class SummaryAgreesWithRequestsCsvTest {
  @TempDir static Path dir;
  static JsonNode summary;
  static List<Map<String, String>> rows;

  @BeforeAll
  static void writeReport() throws Exception {
    Path llm = dir.resolve("llm");
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    RunSummary figures = recorder.finish(SampleRun.end());
    LlmReportWriter.write(figures, llm, dir.resolve("index.html"));
    summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    List<String> lines = Files.readAllLines(llm.resolve("requests.csv"));
    List<String> header = RequestsCsv.split(lines.get(0));
    rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      List<String> fields = RequestsCsv.split(line);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.size(); i++) {
        row.put(header.get(i), fields.get(i));
      }
      rows.add(row);
    }
  }

  @Test
  void everyRequestHasARow() {
    assertEquals(SampleRun.REQUESTS, rows.size());
    long measured = rows.stream().filter(r -> r.get("in_window").equals("true")).count();
    assertEquals(SampleRun.REQUESTS - measured, summary.get("excluded_requests").asLong());
    assertTrue(
        measured > 400 && measured < SampleRun.REQUESTS,
        "some requests fall in settle times: " + measured);
  }

  @Test
  void levelFiguresAgree() {
    for (JsonNode level : summary.get("levels")) {
      int index = level.get("index").asInt();
      checkFigures(
          level,
          r -> r.get("level").equals(Integer.toString(index)),
          Integer.toString(index),
          18.0);
    }
  }

  @Test
  void runFiguresAgree() {
    checkFigures(summary, r -> true, null, 54.0);
  }

  private static void checkFigures(
      JsonNode json, Predicate<Map<String, String>> inScope, String level, double window) {
    List<Map<String, String>> measured =
        rows.stream().filter(r -> r.get("in_window").equals("true") && inScope.test(r)).toList();
    List<Map<String, String>> ok =
        measured.stream().filter(r -> r.get("status").equals("OK")).toList();
    String where = level == null ? "run" : "level " + level;
    assertEquals(window, json.get("duration").asDouble(), 1e-9, where);
    assertEquals(ok.size(), json.get("completed").asLong(), where);
    assertEquals(measured.size() - ok.size(), json.get("failed").asLong(), where);
    long outputTokens = ok.stream().mapToLong(r -> Long.parseLong(r.get("output_tokens"))).sum();
    long inputTokens =
        ok.stream().mapToLong(r -> Math.max(0, Long.parseLong(r.get("input_tokens")))).sum();
    assertEquals(outputTokens, json.get("total_output_tokens").asLong(), where);
    assertEquals(inputTokens, json.get("total_input_tokens").asLong(), where);

    long inWindow = 0;
    for (Map<String, String> row : rows) {
      if (!row.get("status").equals("OK") || row.get("window_tokens").isEmpty()) {
        continue;
      }
      for (String pair : row.get("window_tokens").split(";")) {
        String[] parts = pair.split(":");
        if (level == null || parts[0].equals(level)) {
          inWindow += Long.parseLong(parts[1]);
        }
      }
    }
    assertEquals(inWindow, json.get("output_tokens_in_window").asLong(), where);
    assertEquals(inWindow / window, json.get("output_throughput").asDouble(), 1e-9, where);
    assertEquals(
        (inputTokens + inWindow) / window,
        json.get("total_token_throughput").asDouble(),
        1e-9,
        where);
    assertEquals(ok.size() / window, json.get("request_throughput").asDouble(), 1e-9, where);

    long good = 0;
    for (Map<String, String> row : measured) {
      boolean expected =
          row.get("status").equals("OK")
              && millis(row, "ttft_ms") <= 500.0
              && millis(row, "tpot_ms") <= 30.0;
      assertEquals(expected, Boolean.parseBoolean(row.get("good")), "good column of " + row);
      good += expected ? 1 : 0;
    }
    assertEquals(good / window, json.get("request_goodput").asDouble(), 1e-9, where);
    assertEquals(
        (double) good / measured.size(), json.get("good_fraction").asDouble(), 1e-12, where);

    double speedSum = 0;
    int speeds = 0;
    for (Map<String, String> row : ok) {
      long n = Long.parseLong(row.get("output_tokens"));
      double streaming = millis(row, "e2el_ms") - millis(row, "ttft_ms");
      if (n > 1 && streaming > 0) {
        speedSum += (n - 1) * 1000.0 / streaming;
        speeds++;
      }
    }
    assertEquals(
        speedSum / speeds, json.get("per_stream_output_throughput").asDouble(), 1e-9, where);

    checkDistribution(json, "ttft", ok, r -> millis(r, "ttft_ms"), where);
    checkDistribution(json, "tpot", ok, r -> millis(r, "tpot_ms"), where);
    checkDistribution(json, "e2el", ok, r -> millis(r, "e2el_ms"), where);
    checkDistribution(json, "ttfb", ok, r -> millis(r, "ttfb_ms"), where);
    checkDistribution(json, "send_lateness", measured, r -> millis(r, "send_lateness_ms"), where);

    long gaps =
        ok.stream().mapToLong(r -> Math.max(0, Long.parseLong(r.get("token_events")) - 1)).sum();
    assertEquals(gaps, json.get("itl_count").asLong(), where);
    double maxItl = ok.stream().mapToDouble(r -> millis(r, "itl_max_ms")).max().orElse(-1);
    assertEquals(maxItl, json.get("max_itl_ms").asDouble(), 1e-9, where);
  }

  private static void checkDistribution(
      JsonNode json,
      String name,
      List<Map<String, String>> rows,
      ToDoubleFunction<Map<String, String>> value,
      String where) {
    double[] values = rows.stream().mapToDouble(value).filter(v -> v >= 0).sorted().toArray();
    String what = where + " " + name;
    assertEquals(values.length, json.get(name + "_count").asLong(), what);
    double mean = java.util.Arrays.stream(values).sum() / values.length;
    double variance =
        java.util.Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / values.length;
    assertEquals(mean, json.get("mean_" + name + "_ms").asDouble(), 1e-9, what + " mean");
    assertEquals(
        Math.sqrt(variance), json.get("std_" + name + "_ms").asDouble(), 1e-6, what + " std");
    assertEquals(values[0], json.get("min_" + name + "_ms").asDouble(), 1e-9, what + " min");
    assertEquals(
        values[values.length - 1], json.get("max_" + name + "_ms").asDouble(), 1e-9, what + " max");
    checkPercentile(values, 50, json.get("median_" + name + "_ms").asDouble(), what + " p50");
    checkPercentile(values, 90, json.get("p90_" + name + "_ms").asDouble(), what + " p90");
    checkPercentile(values, 95, json.get("p95_" + name + "_ms").asDouble(), what + " p95");
    checkPercentile(values, 99, json.get("p99_" + name + "_ms").asDouble(), what + " p99");
  }

  /**
   * Nearest rank (the smallest value with at least p % of values at or below it); HDR keeps 3
   * significant digits, so it may answer up to 1/1024 above the exact value.
   */
  private static void checkPercentile(
      double[] sorted, double percentile, double reported, String what) {
    int rank = (int) Math.max(1, Math.ceil(percentile * sorted.length / 100 - 1e-9));
    double exact = sorted[rank - 1];
    assertTrue(
        reported >= exact - 1e-9 && reported <= exact * (1 + 1.0 / 1024) + 1e-9,
        what + ": " + reported + " vs " + exact);
  }

  private static double millis(Map<String, String> row, String column) {
    return Double.parseDouble(row.get(column));
  }
}
