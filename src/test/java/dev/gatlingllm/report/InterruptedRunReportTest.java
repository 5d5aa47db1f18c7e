package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.metrics.request.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a run stopped before its end: the requests cut off are counted as aborted and in no
 * other figure, and every output (summary.json, the console, the page, a merge) says when the run
 * was stopped.
 */
class InterruptedRunReportTest {
  private static final long STOPPED_AT = SampleRun.T0 + 59_000;

  @TempDir Path dir;

  @Test
  void abortedRequestsAreCountedApartAndTheStopIsSaidEverywhere() throws Exception {
    RunSummary plain = run(dir.resolve("plain/llm"), false);
    RunSummary stopped = run(dir.resolve("stopped/llm"), true);

    assertEquals(3, stopped.abortedRequests(), "the three cut off in a measurement window");
    assertEquals(
        plain.excludedRequests() + 1, stopped.excludedRequests(), "the one cut off while settling");
    assertEquals(plain.run().counts().completed(), stopped.run().counts().completed());
    assertEquals(
        plain.run().counts().failed(),
        stopped.run().counts().failed(),
        "an aborted request did not fail");
    assertEquals(plain.run().latency().ttft().p50(), stopped.run().latency().ttft().p50(), 0.0);
    assertEquals(plain.run().counts().errors(), stopped.run().counts().errors());

    String when = Instant.ofEpochMilli(STOPPED_AT).toString();
    JsonNode summary =
        new ObjectMapper().readTree(dir.resolve("stopped/llm/summary.json").toFile());
    assertEquals(3, summary.path("aborted").asLong());
    assertEquals(when, summary.path("interrupted_at").asText());
    JsonNode plainSummary =
        new ObjectMapper().readTree(dir.resolve("plain/llm/summary.json").toFile());
    assertEquals(0, plainSummary.path("aborted").asLong());
    assertTrue(plainSummary.path("interrupted_at").isNull());

    String said = "Run interrupted at " + when + ": 3 requests in flight aborted";
    assertTrue(ConsoleSummary.format(stopped).contains(said), ConsoleSummary.format(stopped));
    assertFalse(ConsoleSummary.format(plain).contains("interrupted"));
    assertTrue(Files.readString(dir.resolve("stopped/llm/index.html")).contains(said));
    assertEquals(
        SampleRun.REQUESTS + 4 + 1,
        Files.readAllLines(dir.resolve("stopped/llm/requests.csv")).size(),
        "a row for each request, the aborted ones too");

    RunSummary merged =
        LlmReportMerger.merge(
            List.of(dir.resolve("plain/llm"), dir.resolve("stopped/llm")), dir.resolve("merged"));
    assertEquals(3, merged.abortedRequests());
    assertEquals(
        STOPPED_AT, merged.interruptedAtEpochMillis(), "a merge with a stopped part was stopped");
  }

  private static RunSummary run(Path llm, boolean stopped) throws Exception {
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, n -> true);
    RunSummary summary;
    if (stopped) {
      for (long start :
          new long[] {SampleRun.T0 + 5_000, SampleRun.T0 + 25_000, SampleRun.T0 + 45_000}) {
        recorder.record("chat", start, aborted());
      }
      recorder.record("chat", SampleRun.T0 + 500, aborted()); // in the first level's settle time
      summary = recorder.finish(SampleRun.end()).interruptedAt(STOPPED_AT);
    } else {
      summary = recorder.finish(SampleRun.end());
    }
    LlmReportWriter.write(summary, llm, null);
    return summary;
  }

  /** A stream cut off after its first token (40 ms) and two more events. */
  private static RequestResult aborted() {
    return ResultBuilder.result()
        .outcome(Verdict.aborted(200))
        .sendLatenessNanos(1_000_000)
        .ttfbNanos(5_000_000)
        .ttftNanos(40_000_000)
        .ttftFromScheduledNanos(41_000_000)
        .ttfoNanos(40_000_000)
        .e2elNanos(80_000_000)
        .durationNanos(90_000_000)
        .tokenEvents(3)
        .itlNanos(new long[] {20_000_000, 20_000_000})
        .outputTokens(3, TokenCountSource.EVENT_COUNT)
        .build();
  }
}
