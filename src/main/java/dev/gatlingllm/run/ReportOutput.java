package dev.gatlingllm.run;

import dev.gatlingllm.check.CheckCounts;
import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.report.ConsoleSummary;
import dev.gatlingllm.report.LlmReportWriter;
import dev.gatlingllm.report.csv.RequestsCsvWriter;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a run's LLM report goes, and the rule that a report problem never costs the run: a folder
 * that cannot be written turns the files off (one console line) but not the measurement, and a
 * report that cannot be written still leaves the console summary.
 */
final class ReportOutput {
  private ReportOutput() {}

  /**
   * The recorder of a run and the folder its files go to.
   *
   * @param llmDir where the report is written, or null when it cannot be (the figures are still
   *     kept)
   */
  record Opened(RunRecorder recorder, Path llmDir) {}

  /**
   * Opens {@code llmDir} and its {@code requests.csv}; when either fails, a recorder without the
   * file and no folder, never an exception: the simulation must start all the same.
   */
  static Opened open(RunConfig config, Path llmDir, PrintStream console) {
    return open(config, llmDir, console, false);
  }

  /**
   * @param itls whether each request's gaps go to {@code itls.csv} beside requests.csv (detailed
   *     results)
   */
  static Opened open(RunConfig config, Path llmDir, PrintStream console, boolean itls) {
    try {
      Files.createDirectories(llmDir);
      RequestsCsvWriter rows =
          new RequestsCsvWriter(
              llmDir.resolve(LlmReportWriter.REQUESTS_CSV),
              itls ? llmDir.resolve(LlmReportWriter.ITLS_CSV) : null);
      return new Opened(new RunRecorder(config, rows), llmDir);
    } catch (Exception e) {
      console.println("LLM report off for this run: cannot write " + llmDir + " (" + e + ")");
      return new Opened(new RunRecorder(config), null);
    }
  }

  /**
   * Writes the report files into {@code llmDir} (when there is one), then prints the console
   * summary, whatever happened to the files.
   *
   * @param csvFailure why requests.csv is incomplete, or null
   * @param gatlingIndexHtml Gatling's page, linked from ours, or null
   * @param detailedResults whether summary.json gets the per-request arrays
   */
  static void write(
      RunSummary summary,
      Path llmDir,
      Path gatlingIndexHtml,
      String csvFailure,
      PrintStream console) {
    write(summary, llmDir, gatlingIndexHtml, csvFailure, console, false);
  }

  static void write(
      RunSummary summary,
      Path llmDir,
      Path gatlingIndexHtml,
      String csvFailure,
      PrintStream console,
      boolean detailedResults) {
    write(summary, llmDir, gatlingIndexHtml, csvFailure, console, detailedResults, List.of());
  }

  /**
   * @param verdicts the run's checks, for junit.xml and summary.md
   * @return the page written, or null when the report could not be
   */
  static Path write(
      RunSummary summary,
      Path llmDir,
      Path gatlingIndexHtml,
      String csvFailure,
      PrintStream console,
      boolean detailedResults,
      List<CheckVerdict> verdicts) {
    Path page = null;
    if (llmDir != null) {
      try {
        page = LlmReportWriter.write(summary, llmDir, gatlingIndexHtml, detailedResults, verdicts);
      } catch (Exception e) {
        console.println("LLM report not written in " + llmDir + ": " + e);
      }
    }
    console.println(ConsoleSummary.format(summary, page));
    if (csvFailure != null) {
      console.println("requests.csv is incomplete: " + csvFailure);
    }
    return page;
  }

  /**
   * For CI: where its test results and its job summary are, with junit.xml's counts. Printed once,
   * after the last case went into the file (a comparison with a baseline adds its own), from the
   * very list the file was written from, so that the console and the file agree.
   *
   * @param verdicts every case of junit.xml as last written
   */
  static void printCiFiles(Path llmDir, List<CheckVerdict> verdicts, PrintStream console) {
    console.println(
        "JUnit XML: "
            + llmDir.resolve(LlmReportWriter.JUNIT_XML).toAbsolutePath().normalize()
            + " ("
            + CheckCounts.of(verdicts).describe()
            + ")\n"
            + "Markdown summary: "
            + llmDir.resolve(LlmReportWriter.SUMMARY_MD).toAbsolutePath().normalize());
  }
}
