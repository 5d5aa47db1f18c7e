package dev.gatlingllm.run;

import dev.gatlingllm.report.LlmReportWriter;
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
