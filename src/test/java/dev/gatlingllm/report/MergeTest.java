package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.report.csv.RequestsCsv;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import dev.gatlingllm.testing.RequestsCsvFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two load generators that each sent half of the requests, merged, equal one run that sent them
 * all.
 */
class MergeTest {
  @TempDir static Path dir;
  static RunSummary whole;
  static RunSummary merged;

  @BeforeAll
  static void runAndMerge() throws Exception {
    whole = run(dir.resolve("whole/llm"), n -> true);
    run(dir.resolve("even/llm"), n -> n % 2 == 0);
    run(dir.resolve("odd/llm"), n -> n % 2 == 1);
    merged =
        LlmReportMerger.merge(
            List.of(dir.resolve("even/llm"), dir.resolve("odd/llm")), dir.resolve("merged"));
  }

  private static RunSummary run(Path llm, IntPredicate which) throws Exception {
    RunRecorder recorder = SampleRun.recorder(llm);
    SampleRun.record(recorder, which);
    RunSummary summary = recorder.finish(SampleRun.end());
    LlmReportWriter.write(summary, llm, null);
    return summary;
  }

  @Test
  void mergedHalvesEqualTheWholeRun() {
    assertSameFigures(whole.run(), merged.run(), "run");
    assertEquals(whole.levels().size(), merged.levels().size());
    for (int i = 0; i < whole.levels().size(); i++) {
      assertEquals(whole.levels().get(i).level().label(), merged.levels().get(i).level().label());
      assertSameFigures(
          whole.levels().get(i).figures(), merged.levels().get(i).figures(), "level " + i);
      assertEquals(whole.levels().get(i).meetsTarget(), merged.levels().get(i).meetsTarget());
    }
    assertEquals(whole.excludedRequests(), merged.excludedRequests());
    assertEquals(whole.capacity(), merged.capacity());
    assertEquals(whole.knee(), merged.knee());
    assertEquals(whole.cost(), merged.cost());
    assertArrayEquals(whole.timeline().outputTokens(), merged.timeline().outputTokens());
    assertArrayEquals(whole.timeline().activeStreams(), merged.timeline().activeStreams(), 1e-9);
    assertEquals(whole.distributions(), merged.distributions());
  }

  @Test
  void mergedReportHasEveryRowAndFile() throws Exception {
    Path out = dir.resolve("merged");
    assertEquals(SampleRun.REQUESTS + 1, Files.readAllLines(out.resolve("requests.csv")).size());
    for (String name : List.of("summary.json", "run.json", "index.html")) {
      assertTrue(Files.isRegularFile(out.resolve(name)), name);
    }
  }

  @Test
  void mergedRowsKeepTheServersRequestIds() throws Exception {
    Set<String> expected = new HashSet<>();
    for (int n = 0; n < SampleRun.REQUESTS; n++) {
      expected.add(n % 10 == 0 ? "" : "chatcmpl-" + n);
    }
    assertEquals(expected, new HashSet<>(requestIds(dir.resolve("merged"))));
    assertEquals(
        SampleRun.REQUESTS / 10,
        requestIds(dir.resolve("merged")).stream().filter(String::isEmpty).count(),
        "rows without an id stay empty");
  }

  @Test
  void aRunWrittenBeforeTheRequestIdColumnStillMerges() throws Exception {
    Path old = dir.resolve("old/llm");
    Files.createDirectories(old);
    Path even = dir.resolve("even/llm");
    for (String name : List.of("run.json", "summary.json")) {
      Files.copy(even.resolve(name), old.resolve(name));
    }
    List<String> withoutIds = new ArrayList<>();
    for (String line : Files.readAllLines(even.resolve("requests.csv"))) {
      // request_id and the columns added after it
      String cut = line;
      int later = RequestsCsv.COLUMNS.size() - RequestsCsv.COLUMNS.indexOf("request_id");
      for (int i = 0; i < later; i++) {
        cut = cut.substring(0, cut.lastIndexOf(','));
      }
      withoutIds.add(cut);
    }
    assertTrue(withoutIds.get(0).endsWith(",window_tokens"), withoutIds.get(0));
    Files.write(old.resolve("requests.csv"), withoutIds);

    RunSummary mixed =
        LlmReportMerger.merge(List.of(old, dir.resolve("odd/llm")), dir.resolve("merged-old"));
    assertSameFigures(whole.run(), mixed.run(), "old and new run merged");
    List<String> ids = requestIds(dir.resolve("merged-old"));
    assertEquals(SampleRun.REQUESTS, ids.size());
    assertEquals(
        SampleRun.REQUESTS / 2,
        ids.stream().filter(String::isEmpty).count(),
        "the old run's rows have no id");
    Set<String> oddIds = new HashSet<>();
    for (int n = 1; n < SampleRun.REQUESTS; n += 2) {
      oddIds.add("chatcmpl-" + n);
    }
    assertEquals(
        oddIds,
        ids.stream().filter(id -> !id.isEmpty()).collect(java.util.stream.Collectors.toSet()),
        "the new run's rows keep theirs");
  }

  /** The request_id field of every row, read by the column's name. */
  private static List<String> requestIds(Path llm) throws Exception {
    List<String> lines = Files.readAllLines(llm.resolve("requests.csv"));
    int column = RequestsCsv.split(lines.get(0)).indexOf("request_id");
    assertEquals(
        "window_tokens",
        RequestsCsv.COLUMNS.get(column - 1),
        "request_id comes first of the columns added after the format was published");
    return lines.subList(1, lines.size()).stream()
        .map(line -> RequestsCsv.split(line).get(column))
        .toList();
  }

  /**
   * Each half with detailed results (its gaps in itls.csv): the merged folder has the gaps of every
   * row, line for line with its requests.csv, and its summary.json the per-request arrays of the
   * whole run, request by request.
   */
  @Test
  void detailedResultsOfEveryPartSurviveTheMerge() throws Exception {
    JsonNode wholeJson = detailedRun(dir.resolve("detailed-whole/llm"), n -> true);
    detailedRun(dir.resolve("detailed-even/llm"), n -> n % 2 == 0);
    detailedRun(dir.resolve("detailed-odd/llm"), n -> n % 2 == 1);
    Path out = dir.resolve("detailed-merged");
    LlmReportMerger.merge(
        List.of(dir.resolve("detailed-even/llm"), dir.resolve("detailed-odd/llm")), out);

    List<String> rows = Files.readAllLines(out.resolve(LlmReportWriter.REQUESTS_CSV));
    List<String> gaps = Files.readAllLines(out.resolve(LlmReportWriter.ITLS_CSV));
    assertEquals(rows.size(), gaps.size(), "one line of gaps per row, and the header");
    List<RequestRow> parsed = RequestsCsvFile.rows(out.resolve(LlmReportWriter.REQUESTS_CSV));
    for (int i = 1; i < rows.size(); i++) {
      int events = parsed.get(i - 1).tokens().tokenEvents();
      int count = gaps.get(i).isEmpty() ? 0 : gaps.get(i).split(";").length;
      assertEquals(Math.max(0, events - 1), count, "the gaps of row " + i + " are its own");
    }
    JsonNode mergedJson =
        new ObjectMapper().readTree(out.resolve(LlmReportWriter.SUMMARY_JSON).toFile());
    assertEquals(wholeJson.path("request_ids").size(), mergedJson.path("request_ids").size());
    assertEquals(
        byRequest(wholeJson),
        byRequest(mergedJson),
        "each request's TTFT and gaps, as in the whole run");
  }

  private static JsonNode detailedRun(Path llm, IntPredicate which) throws Exception {
    RunRecorder recorder =
        new RunRecorder(
            SampleRun.config(),
            new RequestsCsvWriter(
                llm.resolve(LlmReportWriter.REQUESTS_CSV), llm.resolve(LlmReportWriter.ITLS_CSV)));
    SampleRun.record(recorder, which);
    LlmReportWriter.write(recorder.finish(SampleRun.end()), llm, null, true);
    return new ObjectMapper().readTree(llm.resolve(LlmReportWriter.SUMMARY_JSON).toFile());
  }

  /**
   * Each measured request's id, TTFT and gaps, sorted: the merged order differs from the whole
   * run's.
   */
  private static List<String> byRequest(JsonNode json) {
    List<String> requests = new ArrayList<>();
    for (int i = 0; i < json.path("request_ids").size(); i++) {
      requests.add(
          json.path("request_ids").get(i).asText()
              + " "
              + json.path("ttfts").get(i)
              + " "
              + json.path("itls").get(i));
    }
    requests.sort(null);
    return requests;
  }

  @Test
  void aMergeCanBeMergedAgain() throws Exception {
    RunSummary again =
        LlmReportMerger.merge(List.of(dir.resolve("merged")), dir.resolve("merged-again"));
    assertSameFigures(whole.run(), again.run(), "re-merged run");
  }

  @Test
  void commandLineWritesTheReportAndPrintsItsPath() throws Exception {
    Path out = dir.resolve("cli");
    PrintStream saved = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      MergeReports.main(
          new String[] {
            "--out",
            out.toString(),
            dir.resolve("even/llm").toString(),
            dir.resolve("odd/llm").toString()
          });
    } finally {
      System.setOut(saved);
    }
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("Successful requests:"), text);
    assertTrue(
        text.endsWith(
            "LLM report: " + out.resolve("index.html").toAbsolutePath().normalize() + "\n"),
        text);
    assertThrows(
        IllegalArgumentException.class,
        () -> LlmReportMerger.merge(List.of(dir.resolve("even/llm")), dir.resolve("even/llm")));
  }

  private static void assertSameFigures(Figures expected, Figures actual, String where) {
    assertEquals(expected.windowSeconds(), actual.windowSeconds(), 1e-9, where);
    assertEquals(expected.counts().requests(), actual.counts().requests(), where);
    assertEquals(expected.counts().completed(), actual.counts().completed(), where);
    assertEquals(expected.counts().failed(), actual.counts().failed(), where);
    assertEquals(expected.counts().good(), actual.counts().good(), where);
    assertEquals(expected.tokens().totalInputTokens(), actual.tokens().totalInputTokens(), where);
    assertEquals(expected.tokens().totalOutputTokens(), actual.tokens().totalOutputTokens(), where);
    assertEquals(
        expected.tokens().outputTokensInWindow(), actual.tokens().outputTokensInWindow(), where);
    assertEquals(
        expected.throughput().outputThroughput(),
        actual.throughput().outputThroughput(),
        1e-9,
        where);
    assertEquals(
        expected.throughput().totalTokenThroughput(),
        actual.throughput().totalTokenThroughput(),
        1e-9,
        where);
    assertEquals(
        expected.throughput().requestThroughput(),
        actual.throughput().requestThroughput(),
        1e-9,
        where);
    assertEquals(
        expected.throughput().requestGoodput(), actual.throughput().requestGoodput(), 1e-9, where);
    assertEquals(
        expected.throughput().perStreamTokensPerSecond(),
        actual.throughput().perStreamTokensPerSecond(),
        1e-9,
        where);
    assertEquals(
        expected.tokens().outputTokenSources(), actual.tokens().outputTokenSources(), where);
    assertEquals(expected.tokens().mismatch(), actual.tokens().mismatch(), where);
    assertEquals(expected.counts().errors().keySet(), actual.counts().errors().keySet(), where);
    assertSameDistribution(expected.latency().ttft(), actual.latency().ttft(), where + " ttft");
    assertSameDistribution(expected.latency().tpot(), actual.latency().tpot(), where + " tpot");
    assertSameDistribution(expected.latency().itl(), actual.latency().itl(), where + " itl");
    assertSameDistribution(
        expected.latency().itlPerToken(), actual.latency().itlPerToken(), where + " itl per token");
    assertSameDistribution(expected.latency().e2el(), actual.latency().e2el(), where + " e2el");
    assertSameDistribution(expected.latency().ttfb(), actual.latency().ttfb(), where + " ttfb");
    assertSameDistribution(expected.latency().ttfo(), actual.latency().ttfo(), where + " ttfo");
    assertSameDistribution(
        expected.latency().sendLateness(),
        actual.latency().sendLateness(),
        where + " send lateness");
  }

  /** Percentiles, min, max, count exactly; mean and std up to floating-point summation order. */
  private static void assertSameDistribution(
      Distribution expected, Distribution actual, String where) {
    assertEquals(expected.count(), actual.count(), where);
    assertEquals(expected.p50(), actual.p50(), where);
    assertEquals(expected.p90(), actual.p90(), where);
    assertEquals(expected.p95(), actual.p95(), where);
    assertEquals(expected.p99(), actual.p99(), where);
    assertEquals(expected.min(), actual.min(), where);
    assertEquals(expected.max(), actual.max(), where);
    assertEquals(expected.mean(), actual.mean(), 1e-9, where);
    assertEquals(expected.std(), actual.std(), 1e-6, where);
  }
}
