package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator's faults and fixed timing on embeddings and rerank requests, as the plugin measures
 * them: a status fault every third request makes exactly a third of them KO with the server's
 * message, and a fixed timing sets every request's E2EL.
 */
class PoolingFaultsEndToEndTest {
  /** 2 users x 5 repeats x (two embeddings batches and a rerank). */
  private static final int SENT = 30;

  private static List<RequestRow> run(Path results, LlmSimulator.Builder simulator)
      throws Exception {
    try (LlmSimulator sim = simulator.host("127.0.0.1").port(0).build().start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              EmbeddingsSimulation.class,
              results,
              Map.of("test.baseUrl", "http://127.0.0.1:" + sim.port()));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(SENT, rows.size(), "every request sent has its row");
    return rows;
  }

  @Test
  void aStatusFaultOnEveryThirdRequestMakesAThirdOfThemKoWithTheServersMessage(
      @TempDir Path results) throws Exception {
    List<RequestRow> rows = run(results, LlmSimulator.builder().fault("status=503;every=3"));
    List<RequestRow> ko = rows.stream().filter(row -> !row.status().ok()).toList();
    long ok = rows.stream().filter(row -> row.status().ok()).count();
    assertEquals(SENT / 3, ko.size(), "every third request under the fault");
    assertEquals(SENT, ok + ko.size(), "sent = OK + KO");
    for (RequestRow row : ko) {
      assertEquals(503, row.status().httpStatus(), row.status().error());
      assertTrue(
          row.status().error().contains("The server is overloaded (simulated)"),
          "the server's message: " + row.status().error());
    }
    // The report's pooling figures count them: a third of the requests measured failed.
    List<RequestRow> measured = rows.stream().filter(row -> row.placement().inWindow()).toList();
    long measuredKo = measured.stream().filter(row -> !row.status().ok()).count();
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(measuredKo, summary.path("pooled_failed").asLong(), summary.toString());
    assertEquals(
        (double) measuredKo / measured.size(), summary.path("pooled_error_rate").asDouble(), 1e-9);
    String markdown = Files.readString(InProcessGatling.llmDir(results).resolve("summary.md"));
    assertTrue(
        markdown.contains("| run | " + (measured.size() - measuredKo) + " / " + measuredKo + " | "),
        markdown);
  }

  @Test
  void aMidStreamErrorIsA500AfterTheBatch(@TempDir Path results) throws Exception {
    List<RequestRow> rows = run(results, LlmSimulator.builder().fault("error-mid-stream"));
    for (RequestRow row : rows) {
      assertFalse(row.status().ok(), "every request under the fault");
      assertEquals(500, row.status().httpStatus(), row.status().error());
      assertTrue(
          row.status().error().contains("simulated failure while computing the batch"),
          row.status().error());
    }
  }

  @Test
  void aFixedTimingIsEveryRequestsE2el(@TempDir Path results) throws Exception {
    long fixedMicros = 80_000;
    List<RequestRow> rows = run(results, LlmSimulator.builder().timing("ttft=80;itl=0"));
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      // Never before the fixed time, whatever the batch would have taken.
      assertTrue(row.latency().e2elMicros() >= fixedMicros - 1_000, row.latency().toString());
    }
    // After it, only the loopback and the client's own work: a few ms for the typical request (a
    // busy shared machine may delay a few of them more, the first connection's setup too).
    long[] e2el = rows.stream().mapToLong(row -> row.latency().e2elMicros()).sorted().toArray();
    long median = e2el[e2el.length / 2];
    assertTrue(median < fixedMicros + 15_000, "median E2EL " + median + " µs for a fixed 80 ms");
  }
}
