package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.Verdict;
import dev.gatlingllm.metrics.sweep.Knee;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The embeddings and rerank figures in summary.json, summary.md and the console: a mixed run keeps
 * its chat figures and adds the pooling requests' own section (their failures and E2EL only); a run
 * of pooling requests alone leaves the generation figures out.
 */
class PooledReportTest {
  private static RequestResult embeddings(long e2elMillis) {
    return SampleRun.okEmbeddings(e2elMillis);
  }

  private static RunSummary run(boolean withChat) {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    long start = SampleRun.T0 + 5_000; // in level 0's window
    if (withChat) {
      recorder.record("chat", start, SampleRun.okChat().build());
      recorder.record("chat", start + 1, SampleRun.okChat().build());
    }
    recorder.record("embed", start + 2, embeddings(20));
    recorder.record("embed", start + 3, embeddings(40));
    recorder.record(
        "embed",
        start + 4,
        ResultBuilder.result()
            .outcome(Verdict.ko(503, "HTTP 503: The server is overloaded (simulated)"))
            .durationNanos(1_000_000)
            .inputs(8)
            .build());
    return recorder.finish(SampleRun.end());
  }

  @Test
  void aMixedRunKeepsItsChatFiguresAndAddsThePoolingRequestsOwn() {
    RunSummary summary = run(true);
    JsonNode json = SummaryJson.of(summary);
    assertEquals(2, json.get("pooled_requests").asLong());
    assertEquals(1, json.get("pooled_failed").asLong());
    assertEquals(1.0 / 3, json.get("pooled_error_rate").asDouble(), 1e-9);
    assertEquals(2, json.get("pooled_e2el_count").asLong(), "the chat requests' E2EL left out");
    assertEquals(40.0, json.get("max_pooled_e2el_ms").asDouble(), 1e-3);
    assertEquals(4, json.get("e2el_count").asLong(), "the run's E2EL holds them all");

    String markdown = MarkdownSummary.render(summary, List.of());
    assertTrue(markdown.contains("| requests OK / KO | output tok/s |"), markdown);
    assertTrue(markdown.contains("## Levels"), markdown);
    assertTrue(markdown.contains("## Embeddings and rerank"), markdown);
    String runRow = markdown.lines().filter(l -> l.startsWith("| run |")).findFirst().orElseThrow();
    assertTrue(runRow.startsWith("| run | 2 / 1 | 33.3 % |"), runRow);

    String console = ConsoleSummary.format(summary);
    assertTrue(console.contains("Time to First Token"), console);
    assertTrue(console.contains("Embed/rerank error rate:"), console);
  }

  @Test
  void aRunOfPoolingRequestsAloneLeavesTheGenerationFiguresOut() {
    RunSummary summary = run(false);
    String markdown = MarkdownSummary.render(summary, List.of());
    assertTrue(
        markdown.contains("| requests OK / KO | requests/s | inputs/s | input tok/s |"), markdown);
    assertFalse(markdown.contains("## Levels"), markdown);
    assertFalse(markdown.contains("output tok/s |"), "no such column: " + markdown);
    assertTrue(
        markdown.contains("embeddings and rerank requests have no TTFT"),
        "a TTFT target cannot judge them, and the capacity says so: " + markdown);
    String console = ConsoleSummary.format(summary);
    assertFalse(console.contains("Time to First Token"), console);
    assertFalse(console.contains("Output token throughput"), console);
    assertTrue(console.contains("End-to-end Latency"), console);
    String page = HtmlPage.render(summary, "../index.html");
    assertTrue(page.contains("E2EL p50 / p99 ms"), "the page's key figures");
    assertFalse(page.contains("TTFT p50 / p99 ms"));
  }

  /**
   * A pooling sweep's knee weighs inputs/s against the E2EL: 2 to 4 streams double the inputs/s, 4
   * to 8 add 5 % while the p99 E2EL quadruples, so 4 streams is the knee; output tokens and TTFT,
   * which such a run has none of, would find none.
   */
  @Test
  void aPoolingSweepsKneeWeighsInputsAgainstE2el() {
    RunRecorder recorder = new RunRecorder(SampleRun.config());
    SampleRun.recordEmbeddingsSweep(recorder, new int[] {10, 20, 21}, new long[] {20, 20, 80});
    RunSummary summary = recorder.finish(SampleRun.end());
    Knee knee = summary.knee();
    assertNotNull(knee, "a knee on inputs/s and E2EL");
    assertEquals(Knee.Axes.INPUTS_AND_E2EL, knee.axes());
    assertEquals("4 streams", knee.label());
    assertEquals("8 streams", knee.nextLabel());
    assertEquals(4.0, knee.latencyP99Ratio(), 0.01);
    assertNull(
        SweepAnalysis.knee(
            summary.levels(), SweepAnalysis.KNEE_THRESHOLD, Knee.Axes.OUTPUT_TOKENS_AND_TTFT),
        "no output tokens to weigh");
    JsonNode json = SummaryJson.of(summary).get("knee");
    assertEquals(knee.throughputGain(), json.get("inputs_per_second_gain").asDouble(), 1e-9);
    assertTrue(
        HtmlPage.render(summary, "../index.html").contains("inputs/s for 4.00x the p99 E2EL"));
  }
}
