package dev.gatlingllm.report.compare;

import java.util.Locale;

/**
 * Why a figure's change was not judged, and what would judge it: the values it had on each side
 * against those it needs ({@link ComparedFigure.Statistic#minValues}), and the two ways to get them
 * (more requests a level, or repeated runs, judged on their means: docs/metrics.md, "Repeats").
 */
final class NotJudged {
  /** The repeats suggested: the fewest that give Welch's interval a usable number of degrees. */
  static final int SUGGESTED_REPEATS = 3;

  private NotJudged() {}

  /** E.g. {@code 16 successful requests then, 16 now; a p99 needs 100 on each side: ...}. */
  static String reason(FigureChange change) {
    ComparedFigure figure = change.figure();
    if (change.nowRuns() == 1) {
      // Against the history: the nights are the values.
      return String.format(
          Locale.ROOT,
          "the history has %d runs with this figure; its median and spread need %d: judged once"
              + " the history holds them",
          change.thenRuns(),
          HistoryComparison.MIN_RUNS);
    }
    int needed = figure.statistic.minValues();
    if (change.thenValues() >= needed && change.nowValues() >= needed) {
      return "the baseline's value is 0, from which a change has no ratio";
    }
    return String.format(
        Locale.ROOT,
        "%d %s then, %d now; %s needs %d on each side: judge it with %s a level, or with"
            + " llm.repeats=%d (each run %d or more, judged over the runs)",
        change.thenValues(),
        unit(figure.statistic),
        change.nowValues(),
        kind(figure.statistic),
        needed,
        remedy(figure.statistic, needed),
        SUGGESTED_REPEATS,
        RepeatedRuns.MIN_VALUES_PER_RUN);
  }

  /** What a figure's values are. */
  static String unit(ComparedFigure.Statistic statistic) {
    return switch (statistic) {
      case RATE -> "s of window";
      case SHARE -> "ended requests";
      case P50, P99 -> "successful requests";
    };
  }

  private static String kind(ComparedFigure.Statistic statistic) {
    return switch (statistic) {
      case RATE -> "a rate";
      case SHARE -> "a share";
      case P50 -> "a median";
      case P99 -> "a p99";
    };
  }

  private static String remedy(ComparedFigure.Statistic statistic, int needed) {
    return statistic == ComparedFigure.Statistic.RATE
        ? "a measurement window of " + needed + " s or more (llm.levelDuration, or more requests)"
        : needed + " or more " + unit(statistic) + " (llm.requestsPerLevel)";
  }
}
