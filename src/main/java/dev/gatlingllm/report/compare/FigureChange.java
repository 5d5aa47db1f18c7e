package dev.gatlingllm.report.compare;

/**
 * One figure of one level, then and now, and what the comparison made of its change.
 *
 * @param level the level's label, or {@code run} for every level's requests together
 * @param figure the figure
 * @param then the baseline's value
 * @param now this run's value
 * @param change now / then - 1, or now - then for a share; NaN when undefined (then is 0)
 * @param low the 95 % interval's lower bound of the change: the bootstrap's over the requests, or
 *     Welch's over the runs when both sides ran the level several times
 * @param high its upper bound
 * @param threshold how large a change must be to count
 * @param verdict what the change is
 * @param thenRuns the baseline's runs of the level the interval came from; 0 when it came from the
 *     requests
 * @param nowRuns this run's runs likewise
 * @param thenValues the values the baseline's figure was computed from: its successful (or ended)
 *     requests, or the seconds of its window for a rate; over every run when judged on the runs
 * @param nowValues this run's likewise
 */
record FigureChange(
    String level,
    ComparedFigure figure,
    double then,
    double now,
    double change,
    double low,
    double high,
    double threshold,
    Verdict verdict,
    int thenRuns,
    int nowRuns,
    int thenValues,
    int nowValues) {

  /** What a change is. */
  enum Verdict {
    /** Worse by more than its threshold, and its interval excludes no change. */
    REGRESSION,
    /** Better by more than its threshold, and its interval excludes no change. */
    IMPROVEMENT,
    /** Within its threshold or within the noise. */
    SAME,
    /** Too few values on one side to judge ({@link ComparedFigure.Statistic#minValues}). */
    NOT_JUDGED
  }

  /** Judges a change by its threshold and its interval. */
  static Verdict judge(
      ComparedFigure figure, double change, double low, double high, double threshold) {
    if (Double.isNaN(change) || Double.isNaN(low) || Double.isNaN(high)) {
      return Verdict.NOT_JUDGED;
    }
    boolean higherBetter = figure.better == ComparedFigure.Better.HIGHER;
    boolean significantlyUp = low > 0;
    boolean significantlyDown = high < 0;
    if (Math.abs(change) < threshold) {
      return Verdict.SAME;
    }
    if (change > 0 && significantlyUp) {
      return higherBetter ? Verdict.IMPROVEMENT : Verdict.REGRESSION;
    }
    if (change < 0 && significantlyDown) {
      return higherBetter ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
    }
    return Verdict.SAME;
  }
}
