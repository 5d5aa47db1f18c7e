package dev.gatlingllm.report.compare;

import java.nio.file.Path;
import java.util.List;

/** Comparisons made by hand for the page tests: a baseline at /runs/then/llm of a same capacity. */
final class Comparisons {
  private Comparisons() {}

  /** The sample run's recorder, writing into {@code llm}, every request of it recorded. */
  static dev.gatlingllm.metrics.aggregate.RunRecorder sampleRun(Path llm)
      throws java.io.IOException {
    dev.gatlingllm.metrics.aggregate.RunRecorder recorder =
        dev.gatlingllm.report.SampleRun.recorder(llm);
    dev.gatlingllm.report.SampleRun.record(recorder, n -> true);
    return recorder;
  }

  /**
   * Writes the page of {@code recorder}'s run into {@code llm} with a comparison of no figure
   * against a baseline of these levels, whose curves the charts draw.
   *
   * @return the page's HTML, as written
   */
  static String pageWithBaseline(
      Path llm,
      dev.gatlingllm.metrics.aggregate.RunRecorder recorder,
      RunSample.LevelPoint... baselineLevels)
      throws java.io.IOException {
    Path page =
        dev.gatlingllm.report.LlmReportWriter.write(
            recorder.finish(dev.gatlingllm.report.SampleRun.end()), llm, null);
    String html =
        ComparisonText.intoPage(
            java.nio.file.Files.readString(page), of(llm, List.of(), List.of(baselineLevels)));
    java.nio.file.Files.writeString(page, html);
    return html;
  }

  /**
   * @param current this run's llm/ folder
   * @param changes the figures compared
   * @param baselineLevels the baseline's levels as its charts draw them
   */
  static BaselineComparison of(
      Path current, List<FigureChange> changes, List<RunSample.LevelPoint> baselineLevels) {
    return new BaselineComparison(
        Path.of("/runs/then/llm"),
        current,
        changes,
        new BaselineComparison.CapacityChange(4, "4 streams", 4, "4 streams"),
        List.of(),
        Thresholds.DEFAULTS,
        baselineLevels,
        List.of());
  }
}
