package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.aggregate.SyntheticResults;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report that cannot be written never aborts the run nor hides its console summary. */
class ReportOutputTest {
  private static final long T0 = 1_700_000_000_000L;
  private final ByteArrayOutputStream consoleBytes = new ByteArrayOutputStream();
  private final PrintStream console = new PrintStream(consoleBytes, true, StandardCharsets.UTF_8);

  private String console() {
    return consoleBytes.toString(StandardCharsets.UTF_8);
  }

  private static RunSummary oneRequest(ReportOutput.Opened opened) {
    opened
        .recorder()
        .record(
            "chat",
            T0 + 1_000,
            SyntheticResults.ok(100 * SyntheticResults.MS, 5, 10_000_000L, 5, 3));
    return opened.recorder().finish(T0 + 10_000);
  }

  @Test
  void aFolderThatCannotBeCreatedTurnsTheReportOffInOneLineAndTheRunIsStillMeasured(
      @TempDir Path dir) throws Exception {
    Path blocker = Files.writeString(dir.resolve("not-a-folder"), "x");
    ReportOutput.Opened opened =
        ReportOutput.open(RunConfig.startingAt(T0), blocker.resolve("llm"), console);
    assertNull(opened.llmDir());
    assertNotNull(opened.recorder());
    assertEquals(1, console().lines().count(), console());
    assertTrue(console().startsWith("LLM report off for this run: cannot write "), console());
    RunSummary summary = oneRequest(opened);
    assertEquals(1, summary.run().counts().completed());
    ReportOutput.write(summary, opened.llmDir(), null, null, console);
    assertTrue(
        console().contains("LLM Serving Benchmark Result"),
        "the console summary is printed anyway");
  }

  @Test
  void aRequestsCsvThatCannotBeCreatedTurnsTheReportOffToo(@TempDir Path dir) throws Exception {
    Path llmDir = dir.resolve("llm");
    Files.createDirectories(llmDir.resolve("requests.csv")); // a folder where the file should go
    ReportOutput.Opened opened = ReportOutput.open(RunConfig.startingAt(T0), llmDir, console);
    assertNull(opened.llmDir());
    assertTrue(console().startsWith("LLM report off for this run"), console());
  }

  @Test
  void aFailedReportWriteStillPrintsTheSummaryAndLeavesNoTemporaryFile(@TempDir Path dir)
      throws Exception {
    Path llmDir = dir.resolve("llm");
    ReportOutput.Opened opened = ReportOutput.open(RunConfig.startingAt(T0), llmDir, console);
    assertEquals(llmDir, opened.llmDir());
    // index.html cannot be replaced: a non-empty folder stands in its place.
    Files.writeString(Files.createDirectories(llmDir.resolve("index.html")).resolve("x"), "x");
    ReportOutput.write(oneRequest(opened), llmDir, null, null, console);
    assertTrue(console().contains("LLM report not written in " + llmDir), console());
    assertTrue(console().contains("LLM Serving Benchmark Result"), console());
    try (Stream<Path> files = Files.list(llmDir)) {
      List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(List.of("index.html", "requests.csv", "run.json", "summary.json"), names);
    }
  }

  @Test
  void anIncompleteRequestsCsvIsSaidOnTheConsole(@TempDir Path dir) {
    ReportOutput.Opened opened =
        ReportOutput.open(RunConfig.startingAt(T0), dir.resolve("llm"), console);
    ReportOutput.write(
        oneRequest(opened),
        opened.llmDir(),
        null,
        "3 rows dropped (the disk fell 65536 rows behind)",
        console);
    assertTrue(console().contains("requests.csv is incomplete: 3 rows dropped"), console());
    assertTrue(console().contains(dir.resolve("llm").resolve("index.html").toString()), console());
  }
}
