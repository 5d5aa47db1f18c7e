package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelAccumulator;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.LevelRepeats;
import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.level.TimeInterval;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.stats.HistogramBin;
import dev.gatlingllm.metrics.stats.PerSecondBuckets;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.Knee;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mutable state behind a {@link RunSummary}: one accumulator per level and the time buckets.
 * The recorder feeds it live; a merge feeds it the rows of several runs' {@code requests.csv} and
 * their {@code run.json}. Both then call the same {@link #summarize}, so every figure is computed
 * in exactly one place. Not thread-safe: the recorder locks around it.
 */
public final class RunAggregate {
  static final int DISTRIBUTION_BINS = 40;

  /**
   * Request names with figures of their own; the requests of any further name are counted under
   * {@link #OTHER_NAMES}, so that a simulation naming each request apart cannot grow the figures
   * without bound.
   */
  static final int MAX_REQUEST_NAMES = 32;

  static final String OTHER_NAMES = "(other names)";

  private final LevelAccumulator[] levels;

  /** Per level, its runs when it ran several times; null for a level that ran once. */
  private final RepeatedRuns[] repeats;

  /** Per level, the first send and the last byte of the requests started in it: its busy span. */
  private final long[] firstSendMillis;

  private final long[] lastByteMillis;
  private final PerSecondBuckets timeline;

  /** The measured requests by request name, in the order the names first came. */
  private final Map<String, LevelAccumulator> byName = new LinkedHashMap<>();

  private long excludedRequests;
  private long abortedRequests;

  /** The measured requests of agent sessions, by turn and by session. */
  private final AgentSessionAccumulator agents = new AgentSessionAccumulator();

  public RunAggregate(int levelCount, long timelineStartEpochSecond) {
    levels = new LevelAccumulator[levelCount];
    repeats = new RepeatedRuns[levelCount];
    firstSendMillis = new long[levelCount];
    lastByteMillis = new long[levelCount];
    Arrays.fill(firstSendMillis, Long.MAX_VALUE);
    Arrays.fill(lastByteMillis, Long.MIN_VALUE);
    for (int i = 0; i < levelCount; i++) {
      levels[i] = new LevelAccumulator();
    }
    timeline = new PerSecondBuckets(timelineStartEpochSecond);
  }

  /**
   * Counts a request in its level when it started in that level's measurement window, and its
   * output tokens (successful requests only, as for every token total) in the windows they arrived
   * in. A request cut off by the run's stop is counted apart ({@code aborted}) and in no other
   * figure: it neither succeeded nor failed.
   */
  public void add(RequestRow record) {
    RequestRow.Placement placement = record.placement();
    boolean measured =
        placement.level() >= 0 && placement.level() < levels.length && placement.inWindow();
    if (record.status().aborted()) {
      if (measured) {
        abortedRequests++;
      } else {
        excludedRequests++;
      }
      return;
    }
    // The levels this request kept busy: its own (settling requests too, whose tokens in its window
    // count) and any later one whose window its tokens arrived in. MeasuredLevel.busy cuts the span
    // to each window.
    markBusy(placement.level(), record);
    long[] windowTokens = placement.windowTokens();
    for (int i = 0; i + 1 < windowTokens.length; i += 2) {
      markBusy((int) windowTokens[i], record);
    }
    LevelAccumulator named = measured ? named(placement.requestName()) : null;
    LevelAccumulator run = measured ? repeatRun(placement.level(), placement.repeat()) : null;
    if (measured) {
      levels[placement.level()].addRequest(record);
      named.addRequest(record);
      if (placement.sessionTurn().inSession()) {
        agents.add(record);
      }
      if (run != null) {
        run.addRequest(record);
        repeats[placement.level()].markBusy(
            placement.repeat(), placement.startEpochMillis(), record.lastByteEpochMillis());
      }
    } else {
      excludedRequests++;
    }
    if (record.status().ok()) {
      for (int i = 0; i + 1 < windowTokens.length; i += 2) {
        int level = (int) windowTokens[i];
        if (level >= 0 && level < levels.length) {
          levels[level].addOutputTokensInWindow(windowTokens[i + 1]);
          if (run != null && level == placement.level()) {
            // A run's tokens are its own requests' in its level's window: the runs of a level
            // follow one another, so none arrives in another run's span.
            run.addOutputTokensInWindow(windowTokens[i + 1]);
          }
          // A request's tokens count for its name in whichever level's window they arrived, as
          // they count for the run.
          (named != null ? named : named(placement.requestName()))
              .addOutputTokensInWindow(windowTokens[i + 1]);
        }
      }
    }
  }

  private LevelAccumulator named(String requestName) {
    LevelAccumulator found = byName.get(requestName);
    if (found != null) {
      return found;
    }
    String key = byName.size() < MAX_REQUEST_NAMES ? requestName : OTHER_NAMES;
    return byName.computeIfAbsent(key, name -> new LevelAccumulator());
  }

  private void markBusy(int level, RequestRow record) {
    if (level >= 0 && level < levels.length) {
      firstSendMillis[level] =
          Math.min(firstSendMillis[level], record.placement().startEpochMillis());
      lastByteMillis[level] = Math.max(lastByteMillis[level], record.lastByteEpochMillis());
    }
  }

  public LevelAccumulator level(int index) {
    return levels[index];
  }

  /**
   * Run {@code repeat} (from 1) of level {@code index}, made when first asked; null for repeat 0 (a
   * level that ran once) or a level out of range.
   */
  public LevelAccumulator repeatRun(int index, int repeat) {
    if (repeat < 1 || index < 0 || index >= levels.length) {
      return null;
    }
    if (repeats[index] == null) {
      repeats[index] = new RepeatedRuns();
    }
    return repeats[index].run(repeat);
  }

  /**
   * Level {@code index}'s output tok/s as {@link #summarize} gives it, over the same busy span,
   * without the rest of its figures.
   */
  public double outputThroughput(int index, MeasuredLevel level) {
    return levels[index].outputThroughput(
        level.busy(firstSendMillis[index], lastByteMillis[index]).windowSeconds());
  }

  public PerSecondBuckets timeline() {
    return timeline;
  }

  /**
   * Computes every figure.
   *
   * @param config the run's configuration (its target and prices apply)
   * @param measuredLevels the levels with their final windows, in the order of the accumulators;
   *     fewer than the accumulators when a run ended before its last levels started (they recorded
   *     nothing)
   * @param runEndEpochMillis the end of the run
   */
  public RunSummary summarize(
      RunConfig config, List<MeasuredLevel> measuredLevels, long runEndEpochMillis) {
    if (measuredLevels.size() > levels.length) {
      throw new IllegalArgumentException(
          "expected at most " + levels.length + " levels, got " + measuredLevels.size());
    }
    LevelAccumulator whole = new LevelAccumulator();
    List<TimeInterval> allWindows = new ArrayList<>();
    List<LevelFigures> levelFigures = new ArrayList<>();
    for (int i = 0; i < measuredLevels.size(); i++) {
      MeasuredLevel level = measuredLevels.get(i).busy(firstSendMillis[i], lastByteMillis[i]);
      whole.addAll(levels[i]);
      allWindows.addAll(level.measured());
      Figures figures = levels[i].toFigures(level.windowSeconds(), level.arrivalSeconds());
      boolean fromArrival = level.window().isOpenModel();
      double attainment = levels[i].attainment(config.target(), fromArrival);
      // An open-model level whose requests left slower than they arrived did not carry its load,
      // whatever its latencies: it is never the capacity.
      boolean keptRate = !fromArrival || figures.arrivals().keptArrivalRate();
      levelFigures.add(
          new LevelFigures(
              level,
              figures,
              attainment,
              config.target().isMetBy(attainment) && keptRate,
              keptRate,
              config.pricing() == null
                  ? Double.NaN
                  : config
                      .pricing()
                      .costPerMillionOutputTokens(figures.throughput().outputThroughput()),
              levels[i].encodedItl(),
              levels[i].encodedItlPerToken(),
              levels[i].encodedEventLoopDelay(),
              levels[i].sloMisses(config.slos(), fromArrival),
              repeats[i] == null ? LevelRepeats.NONE : repeats[i].figures(level)));
    }
    double runWindowSeconds = TimeInterval.unionSeconds(allWindows);
    Figures run = whole.toFigures(runWindowSeconds);
    List<NamedFigures> named = new ArrayList<>(byName.size());
    byName.forEach(
        (name, accumulator) ->
            named.add(new NamedFigures(name, accumulator.toFigures(runWindowSeconds))));
    Capacity capacity = SweepAnalysis.capacity(levelFigures);
    Map<String, List<HistogramBin>> distributions = whole.distributions(DISTRIBUTION_BINS);
    return new RunSummary(
        config,
        runEndEpochMillis,
        run,
        levelFigures,
        excludedRequests,
        capacity,
        SweepAnalysis.knee(
            levelFigures,
            SweepAnalysis.KNEE_THRESHOLD,
            // Embeddings and rerank requests alone make no output tokens and have no TTFT.
            run.pooled().coversAll(run.counts())
                ? Knee.Axes.INPUTS_AND_E2EL
                : Knee.Axes.OUTPUT_TOKENS_AND_TTFT),
        SweepAnalysis.cost(config.pricing(), capacity),
        timeline.snapshot(runEndEpochMillis),
        distributions,
        whole.percentileCurves(),
        null,
        abortedRequests,
        RunSummary.NOT_INTERRUPTED,
        named,
        agents.figures());
  }
}
