package dev.gatlingllm.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.metrics.request.RowBuilder;
import dev.gatlingllm.report.csv.RequestsCsv;
import dev.gatlingllm.secrets.Redactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs written as the report writes them (summary.json's levels and capacity, requests.csv's
 * rows), compared: a run against a copy of itself drawn again from the same distributions claims
 * nothing, a slower TTFT or a lower throughput beyond its threshold is a regression, a change
 * within it is not, and the figures compared are the ones a hand computation gives.
 */
class BaselineComparisonTest {
  @TempDir Path dir;

  /** The timing of one simulated run: TTFT and TPOT around these, 64 tokens per request. */
  private record Shape(double ttftMs, double tpotMs, int tokensPerRequest, int badEvery) {}

  private static final Shape BASE = new Shape(200, 20, 64, 0);

  @Test
  void twoRunsOfTheSameServerClaimNoChange() throws IOException {
    for (int seed = 1; seed <= 5; seed++) {
      Path then = write("then" + seed, BASE, seed, "4 streams");
      Path now = write("now" + seed, BASE, seed + 100, "4 streams");
      BaselineComparison comparison = BaselineComparison.compare(then, now);
      assertEquals(0, comparison.regressions(), ComparisonText.console(comparison));
      assertEquals(0, comparison.improvements(), ComparisonText.console(comparison));
    }
  }

  /**
   * A level during which either run's client ran late (event-loop delay p99 beyond 5 ms) is said
   * beside the verdict, with both delays: a latency change there may be the client's own. A level
   * whose clients kept up is not.
   */
  @Test
  void aLevelWhoseClientRanLateIsSaidBesideTheVerdict() throws IOException {
    Path then = write("then", BASE, 1, "4 streams", "8 streams");
    Path now = write("now", BASE, 2, "4 streams", "8 streams");
    delays(then, 1.0, 2.0);
    delays(now, 40.0, 3.0);
    BaselineComparison comparison = BaselineComparison.compare(then, now);
    assertEquals(
        List.of(
            "4 streams: the client's event loops ran late (delay p99 1.0 ms then, 40.0 ms now;"
                + " bound 5 ms): a latency change there may be the client's own"),
        comparison.lateClients());
    assertTrue(ComparisonText.console(comparison).contains("warning: 4 streams: the client's"));
    assertTrue(ComparisonText.markdown(comparison).contains("Warning: 4 streams: the client's"));
  }

  /** Gives each level of a written run its client's event-loop delay p99, in level order. */
  private static void delays(Path run, double... p99Ms) throws IOException {
    Path summary = run.resolve("llm").resolve("summary.json");
    String json = Files.readString(summary);
    for (double delay : p99Ms) {
      json =
          json.replaceFirst(
              "\"duration\":40.0}",
              "\"duration\":40.0,\"p99_event_loop_delay_ms\":" + delay + "x}");
    }
    Files.writeString(summary, json.replace("x}", "}"));
  }

  @Test
  void aTtftTwentyPercentSlowerIsARegressionOfItsPercentiles() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", new Shape(240, 20, 64, 0), 2, "4 streams");
    BaselineComparison comparison = BaselineComparison.compare(then, now);
    FigureChange p50 = find(comparison, "4 streams", ComparedFigure.TTFT_P50);
    assertEquals(
        FigureChange.Verdict.REGRESSION, p50.verdict(), ComparisonText.console(comparison));
    assertEquals(0.20, p50.change(), 0.03);
    assertTrue(p50.low() > 0.10 && p50.high() < 0.30, p50.toString());
    assertEquals(
        FigureChange.Verdict.SAME,
        find(comparison, "4 streams", ComparedFigure.TPOT_P50).verdict(),
        "TPOT did not move");
    List<CheckVerdict> cases = ComparisonText.verdicts(comparison);
    assertEquals(
        ComparedFigure.values().length + 1, cases.size(), "one level (no run figures), capacity");
    assertTrue(
        cases.stream().anyMatch(c -> !c.passed() && c.name().equals("4 streams: TTFT p50 ms")),
        cases.toString());
  }

  @Test
  void aChangeWithinItsThresholdIsNotARegressionEvenWhenReal() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", new Shape(208, 20, 64, 0), 2, "4 streams"); // 4 % slower TTFT
    BaselineComparison comparison = BaselineComparison.compare(then, now);
    FigureChange p50 = find(comparison, "4 streams", ComparedFigure.TTFT_P50);
    assertTrue(p50.low() > 0, "the slow-down is real: " + p50);
    assertEquals(FigureChange.Verdict.SAME, p50.verdict(), "but below the 10 % threshold");
  }

  @Test
  void throughputIsTheWindowsTokensOverItsLengthAndFewerTokensRegress() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", new Shape(200, 20, 56, 0), 2, "4 streams"); // 12.5 % fewer tokens
    BaselineComparison comparison = BaselineComparison.compare(then, now);
    FigureChange throughput = find(comparison, "4 streams", ComparedFigure.OUTPUT_THROUGHPUT);
    // Hand computation: 200 requests of 64 tokens in a 40 s window; 200 of 56.
    assertEquals(200 * 64 / 40.0, throughput.then(), 1e-9);
    assertEquals(200 * 56 / 40.0, throughput.now(), 1e-9);
    assertEquals(56.0 / 64 - 1, throughput.change(), 1e-12);
    assertEquals(FigureChange.Verdict.REGRESSION, throughput.verdict());
  }

  @Test
  void errorsAndACapacityDropAreRegressions() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", new Shape(200, 20, 64, 10), 2, "2 streams", "4 streams"); // 10 % KO
    BaselineComparison comparison = BaselineComparison.compare(then, now);
    FigureChange errors = find(comparison, "4 streams", ComparedFigure.ERROR_RATE);
    assertEquals(0.10, errors.now(), 1e-9);
    assertEquals(FigureChange.Verdict.REGRESSION, errors.verdict());
    assertTrue(comparison.capacity().regressed(), comparison.capacity().toString());
    assertTrue(
        ComparisonText.console(comparison)
            .contains("capacity: 4 streams then, 2 streams now: ▼ regression"));
  }

  @Test
  void levelsAreMatchedByLabelAndTheOthersSaidSo() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", BASE, 2, "4 streams", "8 streams");
    BaselineComparison comparison = BaselineComparison.compare(then.resolve("llm"), now);
    assertEquals(List.of("8 streams: not in the baseline"), comparison.unmatched());
  }

  @Test
  void aFolderWithoutAReportIsSaidInOneLine() {
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> BaselineComparison.compare(dir, dir));
    assertTrue(e.getMessage().contains("holds no LLM report"), e.getMessage());
  }

  @Test
  void theCommandExitsOneOnARegressionAndWritesItsFiles() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", new Shape(300, 20, 64, 0), 2, "4 streams");
    assertEquals(1, CompareRuns.run(new String[] {then.toString(), now.toString()}));
    assertEquals(0, CompareRuns.run(new String[] {"--no-fail", then.toString(), now.toString()}));
    assertEquals(0, CompareRuns.run(new String[] {then.toString(), then.toString()}));
    assertEquals(2, CompareRuns.run(new String[] {then.toString()}));
    assertTrue(
        Files.readString(now.resolve("llm/comparison.md")).contains("| 4 streams | TTFT p50 ms |"));
    assertTrue(Files.readString(now.resolve("llm/comparison-junit.xml")).contains("<failure"));
  }

  /**
   * A baseline whose summary.json is not a readable report fails the comparison with exit status 4,
   * naming the file and what is wrong, never "no regression": each case of the hostile pass.
   */
  @Test
  void aBrokenBaselineIsRefusedNamingTheFileAndWhatIsWrong() throws IOException {
    Path now = write("now", BASE, 2, "4 streams");
    java.util.Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put("", "it is empty");
    cases.put("null", "it is null, not the JSON object of a report");
    cases.put("[1,2,3]", "it is a list, not the JSON object of a report");
    cases.put("{\"levels\":[{\"label\":\"4 str", "not JSON: Unexpected end-of-input");
    cases.put("garbage", "not JSON: Unrecognized token 'garbage'");
    cases.put("{\"levels\":[]}", "it has no level to compare");
    cases.put("{\"capacity\":{}}", "its levels are missing, not a list");
    cases.put(
        "{\"levels\":[{\"label\":\"4 streams\",\"duration\":\"NaN\"}]}",
        "levels[0].duration is the text \"NaN\", not a number");
    cases.put(
        "{\"levels\":[{\"label\":\"4 streams\",\"duration\":1e12}]}",
        "levels[0].duration is 1.0E12, outside 0 to 1000000");
    cases.put(
        "{\"levels\":[{\"label\":\"4 streams\",\"duration\":1e400}]}",
        "levels[0].duration is Infinity, not a finite number");
    cases.put("{\"levels\":[{\"duration\":40}]}", "levels[0].label is missing");
    cases.put(
        "{\"levels\":[{\"label\":\"4 streams\",\"duration\":40,\"p99_ttft_ms\":-3}]}",
        "levels[0].p99_ttft_ms is -3, outside 0 to");
    int i = 0;
    for (var c : cases.entrySet()) {
      Path then = write("then" + i++, BASE, 1, "4 streams");
      Path summary = then.resolve("llm/summary.json");
      Files.writeString(summary, c.getKey());
      UnreadableReport refused =
          assertThrows(
              UnreadableReport.class, () -> BaselineComparison.compare(then, now), c.getKey());
      assertTrue(
          refused.getMessage().startsWith(summary + ": " + c.getValue())
              && refused.getMessage().endsWith(": not a readable report of a run"),
          c.getKey() + " -> " + refused.getMessage());
      assertEquals(
          CompareRuns.UNREADABLE_STATUS,
          CompareRuns.run(new String[] {then.toString(), now.toString()}),
          c.getKey());
      assertEquals(
          CompareRuns.UNREADABLE_STATUS,
          CompareRuns.run(new String[] {"--no-fail", then.toString(), now.toString()}),
          "a report that cannot be read is no regression to only report: " + c.getKey());
    }
  }

  @Test
  void aGarbageRowOfRequestsCsvIsNamedWithItsLine() throws IOException {
    Path then = write("then", BASE, 1, "4 streams");
    Path now = write("now", BASE, 2, "4 streams");
    Path csv = then.resolve("llm/requests.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(csv));
    lines.set(3, lines.get(3).replaceFirst("^[^,]*", "garbage"));
    Files.write(csv, lines);
    UnreadableReport refused =
        assertThrows(UnreadableReport.class, () -> BaselineComparison.compare(then, now));
    assertTrue(
        refused.getMessage().startsWith(csv + ": line 4 is not a request's row: "),
        refused.getMessage());
  }

  /**
   * The key in a baseline's level label or folder name is hidden in everything the comparison
   * shows: the console, comparison.md, the junit cases and the page's section.
   */
  @Test
  void aKeyInTheBaselinesLabelsAndFolderIsRedacted() throws IOException {
    String key = "sk-test-0123456789abcdef";
    Path then = write("then-" + key, BASE, 1, "4 streams " + key);
    Path now = write("now", BASE, 2, "4 streams " + key);
    BaselineComparison comparison =
        BaselineComparison.compare(then, now, Thresholds.DEFAULTS, Redactor.of(key));
    String page = ComparisonText.intoPage("<h2>Charts</h2>", comparison);
    for (String shown :
        List.of(
            ComparisonText.console(comparison),
            ComparisonText.markdown(comparison),
            ComparisonText.verdicts(comparison).toString(),
            ComparisonText.verdict(comparison),
            page == null ? "" : page)) {
      assertFalse(shown.contains(key), shown);
    }
    assertTrue(ComparisonText.markdown(comparison).contains("4 streams ***"), "the level matched");
    assertTrue(comparison.baseline().toString().contains("then-***"));
    assertEquals(now.resolve("llm"), comparison.current(), "this run's folder is written into");
  }

  private static FigureChange find(BaselineComparison c, String level, ComparedFigure figure) {
    return c.changes().stream()
        .filter(x -> x.level().equals(level) && x.figure() == figure)
        .findFirst()
        .orElseThrow();
  }

  /**
   * A results folder with one level per label, each of 200 requests started 200 ms apart in a 40 s
   * window, the first level named the capacity. TTFT and TPOT are normal around the shape's (10 %
   * and 5 % spread).
   */
  private Path write(String name, Shape shape, long seed, String... labels) throws IOException {
    Path llm = dir.resolve(name).resolve("llm");
    Files.createDirectories(llm);
    Random random = new Random(seed);
    List<String> lines = new ArrayList<>();
    lines.add(RequestsCsv.HEADER);
    StringBuilder levels = new StringBuilder();
    for (int level = 0; level < labels.length; level++) {
      for (int i = 0; i < 200; i++) {
        boolean ok = shape.badEvery() == 0 || i % shape.badEvery() != 0;
        long ttft = Math.round(shape.ttftMs() * (1 + 0.1 * random.nextGaussian()) * 1000);
        long tpot = Math.round(shape.tpotMs() * (1 + 0.05 * random.nextGaussian()) * 1000);
        RowBuilder row =
            RowBuilder.row()
                .startEpochMillis(1_000_000 + i * 200L)
                .level(level)
                .inWindow(true)
                .requestName("chat")
                .ok(ok)
                .httpStatus(ok ? 200 : 500)
                .error(ok ? null : "HTTP 500")
                .good(ok);
        if (ok) {
          row.ttftMicros(ttft)
              .tpotMicros(tpot)
              .e2elMicros(ttft + tpot * (shape.tokensPerRequest() - 1))
              .durationMicros(ttft + tpot * (shape.tokensPerRequest() - 1))
              .outputTokens(shape.tokensPerRequest())
              .windowTokens(new long[] {level, shape.tokensPerRequest()});
        }
        lines.add(RequestsCsv.row(row.build()));
      }
      levels
          .append(level == 0 ? "" : ",")
          .append("{\"index\":")
          .append(level)
          .append(",\"label\":\"")
          .append(labels[level])
          .append("\",\"measure_from_epoch_ms\":1000000,\"duration\":40.0}");
    }
    Files.write(llm.resolve("requests.csv"), lines);
    Files.writeString(
        llm.resolve("summary.json"),
        "{\"levels\":["
            + levels
            + "],\"capacity\":{\"label\":\""
            + labels[0]
            + "\",\"load\":"
            + labels[0].split(" ")[0]
            + "}}");
    return dir.resolve(name);
  }
}
