package dev.gatlingllm.run;

import dev.gatlingllm.report.LlmReportWriter;
import dev.gatlingllm.report.compare.HistoryComparison;
import dev.gatlingllm.report.compare.RunHistory;
import dev.gatlingllm.report.compare.TrendSection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * At the run's end, with {@code llm.history}: the run appended to its history, with its verdict,
 * and the page given the history's trend, this run the last point. A history that cannot be written
 * costs the trend (one line says why), not the report.
 */
final class RunTrend {
  private RunTrend() {}

  /**
   * Before the load, against the history: how many of its runs the verdict will take the median of,
   * or that it cannot judge yet.
   */
  static String planLine(HistoryPlan history) {
    int runs;
    try {
      runs = RunHistory.read(history.folder()).size();
    } catch (IOException | RuntimeException e) {
      runs = 0;
    }
    int taken = Math.min(runs, history.baselineRuns());
    return "gatling-llm: against the history "
        + history.folder().toAbsolutePath().normalize()
        + ": "
        + (taken >= HistoryComparison.MIN_RUNS
            ? "the median of its last " + taken + " runs (of " + runs + ")"
            : runs
                + (runs == 1 ? " run" : " runs")
                + " so far; a figure is judged once it has "
                + HistoryComparison.MIN_RUNS);
  }

  /**
   * @param regressions the run's regressions against its baseline, -1 when compared with none
   */
  static void append(HistoryPlan history, Path llmDir, long runStartEpochMillis, int regressions) {
    try {
      RunHistory.append(
          history.folder(), RunHistory.entryOf(llmDir, runStartEpochMillis, regressions));
      List<RunHistory.Entry> runs = RunHistory.read(history.folder());
      List<RunHistory.Entry> drawn =
          runs.subList(Math.max(0, runs.size() - history.drawnRuns()), runs.size());
      LlmReportWriter.rewritePage(llmDir, page -> TrendSection.intoPage(page, drawn));
      System.out.println(
          "gatling-llm: history: "
              + history.folder().resolve(RunHistory.FILE).toAbsolutePath().normalize()
              + " ("
              + runs.size()
              + (runs.size() == 1 ? " run" : " runs")
              + ", the page draws the last "
              + drawn.size()
              + ")");
    } catch (IOException | RuntimeException e) {
      System.out.println("gatling-llm: the run was not added to its history: " + e);
    }
  }
}
