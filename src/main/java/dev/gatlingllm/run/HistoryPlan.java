package dev.gatlingllm.run;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.properties.PropertyBounds;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The run's history ({@code llm.history}): the folder each run's summary is appended to, how many
 * runs the page draws, and how many the history baseline ({@code llm.baseline=history}) takes the
 * median of.
 *
 * @param folder the history's folder, one a CI job keeps between runs (an artifact or a cache)
 * @param drawnRuns the last runs the page's trend draws ({@code llm.history.runs}, 30 by default)
 * @param baselineRuns the last runs the history baseline takes the median of ({@code
 *     llm.history.baselineRuns}, 7 by default)
 */
public record HistoryPlan(Path folder, int drawnRuns, int baselineRuns) {
  static final int DEFAULT_DRAWN = 30;
  static final int DEFAULT_BASELINE = 7;

  /** The value of {@code llm.baseline} that judges against the history. */
  public static final String HISTORY_BASELINE = "history";

  /**
   * The plan from {@code llm.history*}, or null without {@code llm.history}.
   *
   * @throws UserError for a count that is not a whole number of runs, or {@code
   *     llm.baseline=history} without a history
   */
  public static HistoryPlan of(Properties properties) {
    String folder = properties.getProperty("llm.history");
    if (folder == null || folder.isBlank()) {
      if (HISTORY_BASELINE.equals(properties.getProperty("llm.baseline"))) {
        throw new UserError(
            "llm.baseline=history judges against the history: set llm.history=<folder> too");
      }
      return null;
    }
    return new HistoryPlan(
        Path.of(folder.trim()),
        runs(properties, "llm.history.runs", DEFAULT_DRAWN),
        runs(properties, "llm.history.baselineRuns", DEFAULT_BASELINE));
  }

  /** A number of runs, read by the one reader of outside numbers within its bound. */
  private static int runs(Properties properties, String name, int defaultRuns) {
    String value = properties.getProperty(name);
    return value == null ? defaultRuns : PropertyBounds.of(name).readInt(name, value);
  }
}
