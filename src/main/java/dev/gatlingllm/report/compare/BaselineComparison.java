package dev.gatlingllm.report.compare;

import dev.gatlingllm.metrics.health.ClientHealth;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.secrets.Redactor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * This run against a baseline: the figures of every level the two runs share (matched by label:
 * {@code 16 streams}, {@code 2.0 req/s}) and of the run (every level's requests together), each
 * change judged by its threshold and its bootstrap interval, and the capacity, where any drop is a
 * regression.
 *
 * @param baseline the baseline's {@code llm/} folder
 * @param current this run's {@code llm/} folder
 * @param changes every figure compared, level by level in this run's order, the run's last
 * @param capacity the capacity then and now
 * @param unmatched the levels of one run the other does not have, said as such
 * @param thresholds what a change had to pass to count
 * @param baselineLevels the baseline's levels as its charts draw them, for its curves beside this
 *     run's
 * @param lateClients the shared levels during which either run's client ran late (its event-loop
 *     delay p99 beyond {@link ClientHealth#MAX_P99_DELAY_MS}), said beside the verdict: a latency
 *     change there may be the client's own
 */
public record BaselineComparison(
    Path baseline,
    Path current,
    List<FigureChange> changes,
    CapacityChange capacity,
    List<String> unmatched,
    Thresholds thresholds,
    List<RunSample.LevelPoint> baselineLevels,
    List<String> lateClients) {

  /** The label of the run's own comparison, every level's requests together. */
  static final String RUN = "run";

  /**
   * The capacity then and now: the load of the highest level meeting the target, -1 for none.
   *
   * @param thenLabel the baseline's capacity level, or null
   * @param nowLabel this run's, or null
   */
  record CapacityChange(double thenLoad, String thenLabel, double nowLoad, String nowLabel) {
    /** Any drop, or a capacity found then and none now. */
    boolean regressed() {
      return thenLoad > 0 && nowLoad < thenLoad;
    }

    boolean improved() {
      return nowLoad > 0 && nowLoad > thenLoad;
    }
  }

  /**
   * Compares two runs' reports.
   *
   * @param baseline a results folder, its {@code llm/} folder or its summary.json
   * @param current the same for this run
   * @throws IllegalArgumentException when either holds no report, in one line
   */
  public static BaselineComparison compare(Path baseline, Path current, Thresholds thresholds)
      throws java.io.IOException {
    return compare(baseline, current, thresholds, Redactor.NONE);
  }

  /**
   * Compares two runs' reports, the texts either holds (level labels, the baseline's folder)
   * redacted by {@code redactor} in everything the comparison shows.
   *
   * @throws UnreadableReport when either report is there but cannot be read, naming the file
   * @throws IllegalArgumentException when either holds no report, in one line
   */
  public static BaselineComparison compare(
      Path baseline, Path current, Thresholds thresholds, Redactor redactor)
      throws java.io.IOException {
    BaselineComparison compared =
        compare(RunSample.read(baseline, redactor), RunSample.read(current, redactor), thresholds);
    // The baseline's folder is only shown; this run's is written into, so stays as it is.
    return new BaselineComparison(
        Path.of(redactor.redact(compared.baseline().toString())),
        compared.current(),
        compared.changes(),
        compared.capacity(),
        compared.unmatched(),
        compared.thresholds(),
        compared.baselineLevels(),
        compared.lateClients());
  }

  /**
   * Reads a run's report as a comparison would, and forgets it: before the load, whether a baseline
   * can be compared with at all.
   *
   * @throws UnreadableReport when it is there but cannot be read, naming the file
   * @throws IllegalArgumentException when it holds no report
   */
  public static void checkReadable(Path run) throws java.io.IOException {
    RunSample.read(run);
  }

  /** Compares with the default thresholds. */
  public static BaselineComparison compare(Path baseline, Path current) throws java.io.IOException {
    return compare(baseline, current, Thresholds.DEFAULTS);
  }

  static BaselineComparison compare(RunSample then, RunSample now, Thresholds thresholds) {
    List<FigureChange> changes = new ArrayList<>();
    List<String> unmatched = new ArrayList<>();
    List<RunSample.Level> thenShared = new ArrayList<>();
    List<RunSample.Level> nowShared = new ArrayList<>();
    for (RunSample.Level level : now.levels()) {
      RunSample.Level before = then.level(level.label());
      if (before == null) {
        unmatched.add(level.label() + ": not in the baseline");
        continue;
      }
      thenShared.add(before);
      nowShared.add(level);
      for (ComparedFigure figure : ComparedFigure.values()) {
        changes.add(change(level.label(), figure, before, level, thresholds));
      }
    }
    for (RunSample.Level level : then.levels()) {
      if (now.level(level.label()) == null) {
        unmatched.add(level.label() + ": in the baseline only");
      }
    }
    // With one level shared the run's figures would repeat the level's.
    if (nowShared.size() > 1) {
      RunSample.Level thenRun = pooled(thenShared);
      RunSample.Level nowRun = pooled(nowShared);
      for (ComparedFigure figure : ComparedFigure.values()) {
        changes.add(change(RUN, figure, thenRun, nowRun, thresholds));
      }
    }
    return new BaselineComparison(
        then.folder(),
        now.folder(),
        List.copyOf(changes),
        new CapacityChange(
            then.capacityLoad(), then.capacityLabel(), now.capacityLoad(), now.capacityLabel()),
        List.copyOf(unmatched),
        thresholds,
        then.levelPoints(),
        lateClients(then, now, nowShared));
  }

  /** One line per shared level whose client ran late in either run, with both delays. */
  private static List<String> lateClients(
      RunSample then, RunSample now, List<RunSample.Level> shared) {
    List<String> lines = new ArrayList<>();
    for (RunSample.Level level : shared) {
      double before = then.loopDelayP99ByLevel().getOrDefault(level.label(), Double.NaN);
      double after = now.loopDelayP99ByLevel().getOrDefault(level.label(), Double.NaN);
      if (before > ClientHealth.MAX_P99_DELAY_MS || after > ClientHealth.MAX_P99_DELAY_MS) {
        lines.add(
            String.format(
                java.util.Locale.ROOT,
                "%s: the client's event loops ran late (delay p99 %.1f ms then, %.1f ms now; bound"
                    + " %.0f ms): a latency change there may be the client's own",
                level.label(),
                before,
                after,
                ClientHealth.MAX_P99_DELAY_MS));
      }
    }
    return List.copyOf(lines);
  }

  /** The regressions: each figure's, and the capacity's when it dropped. */
  public long regressions() {
    return changes.stream().filter(c -> c.verdict() == FigureChange.Verdict.REGRESSION).count()
        + (capacity.regressed() ? 1 : 0);
  }

  public long improvements() {
    return changes.stream().filter(c -> c.verdict() == FigureChange.Verdict.IMPROVEMENT).count()
        + (capacity.improved() ? 1 : 0);
  }

  private static FigureChange change(
      String label,
      ComparedFigure figure,
      RunSample.Level then,
      RunSample.Level now,
      Thresholds thresholds) {
    double threshold = thresholds.of(figure.threshold);
    FigureChange onRuns =
        RepeatedRuns.changeOrNull(label, figure, then.repeats(), now.repeats(), threshold);
    if (onRuns != null) {
      return onRuns;
    }
    double[] before = figure.values(then);
    double[] after = figure.values(now);
    double thenValue =
        figure.of(before, Bootstrap.once(before.length), before.length, then.windowSeconds());
    double nowValue =
        figure.of(after, Bootstrap.once(after.length), after.length, now.windowSeconds());
    double change = Bootstrap.change(figure, thenValue, nowValue);
    // Too few requests on a side: no interval, so the change is not judged.
    double[] interval =
        before.length < figure.statistic.minValues() || after.length < figure.statistic.minValues()
            ? new double[] {Double.NaN, Double.NaN}
            : Bootstrap.interval(
                figure,
                before,
                then.windowSeconds(),
                strata(figure, then, before),
                after,
                now.windowSeconds(),
                strata(figure, now, after));
    return new FigureChange(
        label,
        figure,
        thenValue,
        nowValue,
        change,
        interval[0],
        interval[1],
        threshold,
        FigureChange.judge(figure, change, interval[0], interval[1], threshold),
        0,
        0);
  }

  /**
   * Where a figure's strata end in its {@code values}: a rate's are its levels', a request figure
   * has one.
   */
  private static int[] strata(ComparedFigure figure, RunSample.Level level, double[] values) {
    return figure.statistic == ComparedFigure.Statistic.RATE
        ? level.strataEnds()
        : new int[] {values.length};
  }

  /** Several levels as one: their requests and their seconds together, their windows added. */
  private static RunSample.Level pooled(List<RunSample.Level> levels) {
    List<RequestRow> rows = new ArrayList<>();
    double seconds = 0;
    for (RunSample.Level level : levels) {
      rows.addAll(level.rows());
      seconds += level.windowSeconds();
    }
    int[] strataEnds = new int[levels.size()];
    int end = 0;
    for (int i = 0; i < levels.size(); i++) {
      end += levels.get(i).tokensBySecond().length;
      strataEnds[i] = end;
    }
    return new RunSample.Level(
        RUN,
        seconds,
        rows,
        concatenated(levels, RunSample.Level::tokensBySecond),
        concatenated(levels, RunSample.Level::goodBySecond),
        strataEnds,
        pooledRuns(levels));
  }

  /**
   * The run's own runs when every level ran the same number of times: run r of the run is run r of
   * every level, together; none otherwise.
   */
  private static List<RunSample.Level> pooledRuns(List<RunSample.Level> levels) {
    int runs = levels.get(0).repeats().size();
    if (runs < 2 || levels.stream().anyMatch(level -> level.repeats().size() != runs)) {
      return List.of();
    }
    List<RunSample.Level> pooled = new ArrayList<>(runs);
    for (int r = 0; r < runs; r++) {
      int run = r;
      pooled.add(pooled(levels.stream().map(level -> level.repeats().get(run)).toList()));
    }
    return pooled;
  }

  private static double[] concatenated(
      List<RunSample.Level> levels, java.util.function.Function<RunSample.Level, double[]> part) {
    return levels.stream().map(part).flatMapToDouble(java.util.Arrays::stream).toArray();
  }
}
