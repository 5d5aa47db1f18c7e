package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import dev.gatlingllm.testing.RequestsCsvFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With detailed results on, summary.json carries vLLM's per-request arrays, one entry per measured
 * request of requests.csv, in its order; off (the default), none of them.
 */
class DetailedResultsTest {
  @TempDir Path dir;

  private JsonNode summaryJson(boolean detailed) throws Exception {
    Path llm = dir.resolve(detailed ? "on" : "off").resolve("llm");
    // On, the run also writes each request's gaps beside requests.csv, as ReportOutput does for
    // detailed results.
    RunRecorder recorder =
        new RunRecorder(
            SampleRun.config(),
            new RequestsCsvWriter(
                llm.resolve(LlmReportWriter.REQUESTS_CSV),
                detailed ? llm.resolve(LlmReportWriter.ITLS_CSV) : null));
    SampleRun.record(recorder, n -> true);
    RunSummary summary = recorder.finish(SampleRun.end());
    LlmReportWriter.write(summary, llm, null, detailed);
    return new ObjectMapper().readTree(llm.resolve(LlmReportWriter.SUMMARY_JSON).toFile());
  }

  private List<RequestRow> measuredRows() throws Exception {
    return RequestsCsvFile.rows(dir.resolve("on/llm").resolve(LlmReportWriter.REQUESTS_CSV))
        .stream()
        .filter(row -> row.placement().inWindow() && row.placement().level() >= 0)
        .toList();
  }

  @Test
  void everyMeasuredRequestHasOneEntryInEachArrayWithItsOwnFigures() throws Exception {
    JsonNode json = summaryJson(true);
    List<RequestRow> rows = measuredRows();
    assertEquals(
        json.path("completed").asLong() + json.path("failed").asLong(),
        rows.size(),
        "the requests the figures count");
    assertTrue(
        rows.size() > 100 && rows.size() < SampleRun.REQUESTS,
        "settle times leave some out: " + rows.size());
    for (String name :
        List.of(
            "ttfts",
            "e2els",
            "tpots",
            "input_lens",
            "output_lens",
            "request_errors",
            "request_ids",
            "itls")) {
      assertEquals(rows.size(), json.path(name).size(), name);
    }
    int failed = 0;
    for (int i = 0; i < rows.size(); i++) {
      RequestRow row = rows.get(i);
      if (row.latency().ttftMicros() < 0) {
        assertTrue(json.path("ttfts").get(i).isNull(), "no token, no TTFT: " + i);
      } else {
        assertEquals(
            row.latency().ttftMicros() / 1e6,
            json.path("ttfts").get(i).asDouble(),
            1e-9,
            "seconds, as vLLM's: " + i);
      }
      assertEquals(row.tokens().outputTokens(), json.path("output_lens").get(i).asLong());
      assertEquals(row.tokens().inputTokens(), json.path("input_lens").get(i).asLong());
      assertEquals(
          row.status().ok() ? "" : row.status().error(),
          json.path("request_errors").get(i).asText());
      assertEquals(
          row.status().requestId() == null ? "" : row.status().requestId(),
          json.path("request_ids").get(i).asText());
      JsonNode itls = json.path("itls").get(i);
      assertEquals(
          Math.max(0, row.tokens().tokenEvents() - 1), itls.size(), "every gap of row " + i);
      if (row.status().ok() && row.tokens().tokenEvents() > 1) {
        double sum = 0;
        for (JsonNode gap : itls) {
          sum += gap.asDouble();
        }
        // Each gap is rounded to the microsecond in the file: the sum is E2EL - TTFT to within a
        // microsecond a gap.
        assertEquals(
            (row.latency().e2elMicros() - row.latency().ttftMicros()) / 1e6,
            sum,
            1e-6 * row.tokens().tokenEvents(),
            "gaps of row " + i);
        assertEquals(
            row.latency().itlMaxMicros() / 1e6,
            maxOf(itls),
            1e-6,
            "its largest gap, as requests.csv says");
      }
      failed += row.status().ok() ? 0 : 1;
    }
    assertEquals(json.path("failed").asLong(), failed);
    assertTrue(
        json.path("mean_ttft_ms").isNumber(), "the summary's own fields are all still there");
    assertEquals(
        summaryJson(false).size() + 8, json.size(), "eight arrays added, nothing else changed");
  }

  private static double maxOf(JsonNode array) {
    double max = 0;
    for (JsonNode value : array) {
      max = Math.max(max, value.asDouble());
    }
    return max;
  }

  @Test
  void offByDefault() throws Exception {
    JsonNode json = summaryJson(false);
    assertFalse(json.has("ttfts"));
    assertFalse(json.has("itls"));
    assertFalse(Files.exists(dir.resolve("off/llm").resolve(LlmReportWriter.ITLS_CSV)));
    assertFalse(json.has("request_errors"));
  }
}
