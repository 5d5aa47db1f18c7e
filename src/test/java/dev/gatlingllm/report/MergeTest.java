package dev.gatlingllm.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.report.csv.RequestsCsv;
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

/** Two load generators that each sent half of the requests, merged, equal one run that sent them all. */
class MergeTest {
  @TempDir static Path dir;
  static RunSummary whole;
  static RunSummary merged;

  @BeforeAll
  static void runAndMerge() throws Exception {
    whole = run(dir.resolve("whole/llm"), n -> true);
    run(dir.resolve("even/llm"), n -> n % 2 == 0);
    run(dir.resolve("odd/llm"), n -> n % 2 == 1);
    merged = LlmReportMerger.merge(List.of(dir.resolve("even/llm"), dir.resolve("odd/llm")), dir.resolve("merged"));
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
      assertSameFigures(whole.levels().get(i).figures(), merged.levels().get(i).figures(), "level " + i);
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
    assertEquals(SampleRun.REQUESTS / 10, requestIds(dir.resolve("merged")).stream().filter(String::isEmpty).count(),
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
      for (int i = 0; i < 6; i++) {
        cut = cut.substring(0, cut.lastIndexOf(','));
      }
      withoutIds.add(cut);
    }
    assertTrue(withoutIds.get(0).endsWith(",window_tokens"), withoutIds.get(0));
    Files.write(old.resolve("requests.csv"), withoutIds);

    RunSummary mixed = LlmReportMerger.merge(List.of(old, dir.resolve("odd/llm")), dir.resolve("merged-old"));
    assertSameFigures(whole.run(), mixed.run(), "old and new run merged");
    List<String> ids = requestIds(dir.resolve("merged-old"));
    assertEquals(SampleRun.REQUESTS, ids.size());
    assertEquals(SampleRun.REQUESTS / 2, ids.stream().filter(String::isEmpty).count(), "the old run's rows have no id");
    Set<String> oddIds = new HashSet<>();
    for (int n = 1; n < SampleRun.REQUESTS; n += 2) {
      oddIds.add("chatcmpl-" + n);
    }
    assertEquals(oddIds, ids.stream().filter(id -> !id.isEmpty()).collect(java.util.stream.Collectors.toSet()),
        "the new run's rows keep theirs");
  }

  /** The request_id field of every row, read by the column's name. */
  private static List<String> requestIds(Path llm) throws Exception {
    List<String> lines = Files.readAllLines(llm.resolve("requests.csv"));
    int column = RequestsCsv.split(lines.get(0)).indexOf("request_id");
    assertEquals(RequestsCsv.COLUMNS.size() - 6, column, "request_id comes before the columns added after it");
    return lines.subList(1, lines.size()).stream().map(line -> RequestsCsv.split(line).get(column)).toList();
  }

  @Test
  void aMergeCanBeMergedAgain() throws Exception {
    RunSummary again = LlmReportMerger.merge(List.of(dir.resolve("merged")), dir.resolve("merged-again"));
    assertSameFigures(whole.run(), again.run(), "re-merged run");
  }

  @Test
  void commandLineWritesTheReportAndPrintsItsPath() throws Exception {
    Path out = dir.resolve("cli");
    PrintStream saved = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      MergeReports.main(new String[] {"--out", out.toString(), dir.resolve("even/llm").toString(), dir.resolve("odd/llm").toString()});
    } finally {
      System.setOut(saved);
    }
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("Successful requests:"), text);
    assertTrue(text.endsWith("LLM report: " + out.resolve("index.html").toAbsolutePath().normalize() + "\n"), text);
    assertThrows(
        IllegalArgumentException.class,
        () -> LlmReportMerger.merge(List.of(dir.resolve("even/llm")), dir.resolve("even/llm")));
  }

  private static void assertSameFigures(Figures expected, Figures actual, String where) {
    assertEquals(expected.windowSeconds(), actual.windowSeconds(), 1e-9, where);
    assertEquals(expected.requests(), actual.requests(), where);
    assertEquals(expected.completed(), actual.completed(), where);
    assertEquals(expected.failed(), actual.failed(), where);
    assertEquals(expected.good(), actual.good(), where);
    assertEquals(expected.totalInputTokens(), actual.totalInputTokens(), where);
    assertEquals(expected.totalOutputTokens(), actual.totalOutputTokens(), where);
    assertEquals(expected.outputTokensInWindow(), actual.outputTokensInWindow(), where);
    assertEquals(expected.outputThroughput(), actual.outputThroughput(), 1e-9, where);
    assertEquals(expected.totalTokenThroughput(), actual.totalTokenThroughput(), 1e-9, where);
    assertEquals(expected.requestThroughput(), actual.requestThroughput(), 1e-9, where);
    assertEquals(expected.requestGoodput(), actual.requestGoodput(), 1e-9, where);
    assertEquals(expected.perStreamTokensPerSecond(), actual.perStreamTokensPerSecond(), 1e-9, where);
    assertEquals(expected.outputTokenSources(), actual.outputTokenSources(), where);
    assertEquals(expected.mismatch(), actual.mismatch(), where);
    assertEquals(expected.errors().keySet(), actual.errors().keySet(), where);
    assertSameDistribution(expected.ttft(), actual.ttft(), where + " ttft");
    assertSameDistribution(expected.tpot(), actual.tpot(), where + " tpot");
    assertSameDistribution(expected.itl(), actual.itl(), where + " itl");
    assertSameDistribution(expected.itlPerToken(), actual.itlPerToken(), where + " itl per token");
    assertSameDistribution(expected.e2el(), actual.e2el(), where + " e2el");
    assertSameDistribution(expected.ttfb(), actual.ttfb(), where + " ttfb");
    assertSameDistribution(expected.ttfo(), actual.ttfo(), where + " ttfo");
    assertSameDistribution(expected.sendLateness(), actual.sendLateness(), where + " send lateness");
  }

  /** Percentiles, min, max, count exactly; mean and std up to floating-point summation order. */
  private static void assertSameDistribution(Distribution expected, Distribution actual, String where) {
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
