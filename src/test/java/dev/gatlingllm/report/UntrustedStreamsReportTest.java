package dev.gatlingllm.report;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.SyntheticResults;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report says how many streams it did not take as the server gave them (summary.json and the
 * page, per level and for the run): an implausible usage count ignored, inter-token gaps capped, an
 * output cut at maxOutputBytes; and a merge of runs, which reads requests.csv, counts them the
 * same.
 */
class UntrustedStreamsReportTest {
  @TempDir Path dir;

  private static final long T0 = 1_700_000_000_000L;

  /**
   * Four ordinary requests and one of each kind that is not taken as given (plus an ordinary
   * failure).
   */
  private static Path run(Path llm) throws Exception {
    RunRecorder recorder =
        new RunRecorder(
            RunConfig.startingAt(T0),
            new RequestsCsvWriter(llm.resolve(LlmReportWriter.REQUESTS_CSV)));
    for (int i = 0; i < 4; i++) {
      recorder.record("chat", T0 + i, SyntheticResults.ok(50 * MS, 10, 10 * MS, 10, 5));
    }
    RequestResult r = SyntheticResults.ok(50 * MS, 10, 10 * MS, 10, 5);
    recorder.record(
        "chat",
        T0 + 10,
        ResultBuilder.from(r)
            .outputTokens(
                r.tokens().tokenEvents(),
                dev.gatlingllm.metrics.request.TokenCountSource.EVENT_COUNT)
            .serverOutputTokens(RequestTimeline.UNTRUSTED_COUNT)
            .clientOutputTokens(-1)
            .requestId("untrusted")
            .serverDecodeNanos(-1)
            .build());
    int events = RequestTimeline.MAX_KEPT_GAPS + 10;
    recorder.record(
        "chat",
        T0 + 20,
        SyntheticResults.capped(
            SyntheticResults.ok(50 * MS, events, 10_000, events, 5),
            RequestTimeline.MAX_KEPT_GAPS));
    recorder.record(
        "chat",
        T0 + 30,
        SyntheticResults.failed(200, "output exceeded 1048576 bytes (maxOutputBytes)", 100 * MS));
    recorder.record(
        "chat", T0 + 40, SyntheticResults.failed(500, "HTTP 500: (empty body)", 10 * MS));
    LlmReportWriter.write(recorder.finish(T0 + 60_000), llm, null);
    return llm;
  }

  private static void assertCounts(JsonNode node, long each) {
    JsonNode untrusted = node.path("untrusted_streams");
    assertEquals(each, untrusted.path("usage_ignored").asLong(), untrusted.toString());
    assertEquals(each, untrusted.path("itl_capped").asLong(), untrusted.toString());
    assertEquals(each, untrusted.path("output_cut").asLong(), untrusted.toString());
  }

  @Test
  void summaryAndPageCountEachKindPerLevelAndForTheRun() throws Exception {
    Path llm = run(dir.resolve("a/llm"));
    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    assertCounts(summary, 1);
    assertCounts(summary.path("levels").get(0), 1);
    String page = Files.readString(llm.resolve("index.html"));
    assertTrue(page.contains("<td class=\"num\">1 / 1 / 1</td>"), "the level's cell");
    assertTrue(
        page.contains("untrusted streams: 1 usage ignored, 1 ITL capped, 1 output cut"),
        "the run's note");
  }

  @Test
  void aMergeOfRunsCountsThemFromRequestsCsv() throws Exception {
    Path a = run(dir.resolve("a/llm"));
    Path b = run(dir.resolve("b/llm"));
    LlmReportMerger.merge(List.of(a, b), dir.resolve("merged"));
    JsonNode merged = new ObjectMapper().readTree(dir.resolve("merged/summary.json").toFile());
    assertCounts(merged, 2);
  }
}
