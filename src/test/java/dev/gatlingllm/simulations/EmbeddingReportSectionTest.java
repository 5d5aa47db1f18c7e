package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.md of an embeddings sweep against the simulator with a fixed latency: its "Embeddings and
 * rerank" table holds, per level and for the run, the figures computed by hand from requests.csv
 * (requests/s and inputs/s = the rows' count and inputs over the level's busy span, first send to
 * last byte; E2EL p50/p99 by nearest rank), and the chat-only figures (output tok/s, TTFT) are left
 * out of a run that generated nothing.
 */
class EmbeddingReportSectionTest {
  private static final double FIXED_MS = 40;

  @TempDir Path results;

  @Test
  void theEmbeddingsTableIsTheRowsByHandAndTheChatFiguresAreLeftOut() throws Exception {
    InProcessGatling.Run run =
        InProcessGatling.run(
            EmbeddingSweepSimulation.class,
            results,
            Map.of(
                "llm.levels", "1,3",
                "llm.requestsPerStream", "5",
                "llm.inputTokens", "16",
                "llm.embedBatchSize", "4",
                "llm.warmupSeconds", "0",
                "llm.slo.e2elMs", "5000",
                "sim.timing", "ttft=40;itl=0"));
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows = InProcessGatling.requests(results);
    JsonNode summary = InProcessGatling.summary(results);
    String markdown = Files.readString(InProcessGatling.llmDir(results).resolve("summary.md"));
    Map<String, String[]> table = embeddingsTable(markdown);

    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      // Never before the fixed time; the first request of a cold JVM may take much longer.
      double e2el = row.latency().e2elMicros() / 1000.0;
      assertTrue(e2el >= FIXED_MS - 1, "fixed 40 ms: " + e2el);
    }
    for (JsonNode level : summary.path("levels")) {
      int index = level.path("index").asInt();
      List<RequestRow> counted =
          rows.stream()
              .filter(r -> r.placement().level() == index && r.placement().inWindow())
              .toList();
      String[] cells = table.get(level.path("label").asText());
      assertTrue(cells != null, "a row for " + level.path("label") + " in\n" + markdown);
      checkRow(cells, counted, busySpanSeconds(counted));
      assertEquals(
          counted.size() / level.path("duration").asDouble(),
          level.path("pooled_request_throughput").asDouble(),
          1e-9 * counted.size(),
          "summary.json's own figure");
    }
    List<RequestRow> all = rows.stream().filter(r -> r.placement().inWindow()).toList();
    // The run's window is the union of its levels' busy spans (the gap between them left out).
    double runWindow =
        summary.path("levels").findValues("duration").stream()
            .mapToDouble(JsonNode::asDouble)
            .sum();
    checkRow(table.get("run"), all, runWindow);

    String headline =
        markdown.lines().filter(line -> line.startsWith("| requests OK")).findFirst().orElseThrow();
    assertEquals(
        "| requests OK / KO | requests/s | inputs/s | input tok/s | E2EL p50 / p99 (ms) | good |",
        headline,
        "no output tok/s, no TTFT for embeddings:\n" + markdown);
    assertFalse(markdown.contains("## Levels"), "the chat levels table is left out");
    assertTrue(markdown.contains("Endpoint `/v1/embeddings`"), "where the load went: " + markdown);
    assertTrue(run.console().contains("Input throughput (inputs/s):"), run.tail());
    String page = Files.readString(InProcessGatling.llmDir(results).resolve("index.html"));
    assertTrue(page.contains("E2EL p50 / p99 ms"), "the page's key figures are E2EL's");
    assertFalse(page.contains("TTFT p50 / p99 ms"), "and not TTFT's");
    assertFalse(run.console().contains("Time to First Token"), run.tail());
  }

  /** The row's cells against the rows' figures over {@code window} seconds. */
  private static void checkRow(String[] cells, List<RequestRow> rows, double window) {
    long inputs = rows.stream().mapToLong(r -> r.tokens().inputs()).sum();
    long tokens = rows.stream().mapToLong(r -> r.tokens().inputTokens()).sum();
    assertEquals(rows.size() + " / 0", cells[1], "requests OK / KO");
    assertEquals("0.0 %", cells[2], "error rate");
    // The rows' times are whole milliseconds: a span of a few hundred ms is known to 1 %.
    assertEquals(rows.size() / window, number(cells[3]), 0.01 * rows.size() / window, "req/s");
    assertEquals(inputs / window, number(cells[4]), 0.01 * inputs / window, "inputs/s");
    assertEquals(tokens / window, number(cells[5]), 0.01 * tokens / window, "input tok/s");
    double[] e2el =
        rows.stream().mapToDouble(r -> r.latency().e2elMicros() / 1000.0).sorted().toArray();
    // HDR histograms of 3 significant digits, then one decimal in the table.
    assertEquals(nearestRank(e2el, 50), number(cells[6]), 0.06 + 1e-3 * e2el[e2el.length - 1]);
    assertEquals(nearestRank(e2el, 99), number(cells[7]), 0.06 + 1e-3 * e2el[e2el.length - 1]);
    assertEquals("100.0 %", cells[9], "every request within the E2EL SLO");
  }

  /** First send to last byte, as a level's busy span when it measures from its start. */
  private static double busySpanSeconds(List<RequestRow> rows) {
    long first = rows.stream().mapToLong(r -> r.placement().startEpochMillis()).min().orElseThrow();
    long last = rows.stream().mapToLong(RequestRow::lastByteEpochMillis).max().orElseThrow();
    return (last - first) / 1000.0;
  }

  private static double nearestRank(double[] sorted, double percentile) {
    int rank = (int) Math.ceil(percentile / 100 * sorted.length);
    return sorted[Math.max(1, rank) - 1];
  }

  private static double number(String cell) {
    return Double.parseDouble(cell.replace(",", ""));
  }

  /** The section's rows by their first cell, each row's cells trimmed. */
  private static Map<String, String[]> embeddingsTable(String markdown) {
    int start = markdown.indexOf("## Embeddings and rerank");
    assertTrue(start >= 0, "no embeddings section in\n" + markdown);
    Map<String, String[]> rows = new HashMap<>();
    List<String> lines = markdown.substring(start).lines().toList();
    for (String line : lines.subList(4, lines.size())) {
      if (!line.startsWith("|")) {
        break;
      }
      String[] cells =
          Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
              .map(String::trim)
              .toArray(String[]::new);
      rows.put(cells[0], cells);
    }
    return rows;
  }
}
