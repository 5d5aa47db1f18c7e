package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.metrics.stats.HistogramBin;
import dev.gatlingllm.metrics.stats.PerSecondSeries;
import dev.gatlingllm.metrics.stats.PercentilePoint;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.CostFigures;
import dev.gatlingllm.metrics.sweep.Knee;
import java.util.List;
import java.util.Map;

/**
 * Everything the report shows about a run (or a merge of runs), immutable.
 *
 * @param config what the run was
 * @param runEndEpochMillis when the figures were taken (the end of the run)
 * @param run the figures over every level's measurement window together
 * @param levels the levels in time order (one implicit level when the config has none)
 * @param excludedRequests requests started outside every measurement window (warm-up, settle times)
 * @param capacity the sustainable capacity, or null when no level met the target
 * @param knee the knee of the sweep, or null when there is none
 * @param cost cost figures, or null without prices
 * @param timeline per-second output tokens and streams in flight
 * @param distributions bars of the run's TTFT, TPOT, ITL distributions, from the HDR histograms
 * @param percentileCurves the run's TTFT, TPOT, ITL latency by percentile, from the same histograms
 * @param server what the server's own metrics page said during the run, or null when it was not
 *     read
 * @param abortedRequests requests started in a measurement window and still in flight when the run
 *     was stopped
 * @param interruptedAtEpochMillis when the run was stopped before its end (SIGTERM, Ctrl-C, its
 *     parent gone), or {@link #NOT_INTERRUPTED}
 * @param byRequestName the run's figures by Gatling request name, in the order the names first
 *     came; each name's rates over the run's window, so that they add up to {@link #run}'s
 * @param agents the figures of agent sessions ({@link AgentFigures#NONE} when no request belonged
 *     to one)
 */
public record RunSummary(
    RunConfig config,
    long runEndEpochMillis,
    Figures run,
    List<LevelFigures> levels,
    long excludedRequests,
    Capacity capacity,
    Knee knee,
    CostFigures cost,
    PerSecondSeries timeline,
    Map<String, List<HistogramBin>> distributions,
    Map<String, List<PercentilePoint>> percentileCurves,
    ServerMetrics server,
    long abortedRequests,
    long interruptedAtEpochMillis,
    List<NamedFigures> byRequestName,
    AgentFigures agents) {
  /** {@link #interruptedAtEpochMillis} of a run that reached its end. */
  public static final long NOT_INTERRUPTED = -1;

  public RunSummary {
    levels = List.copyOf(levels);
    byRequestName = List.copyOf(byRequestName);
    agents = agents == null ? AgentFigures.NONE : agents;
    java.util.Map<String, List<HistogramBin>> ordered = new java.util.LinkedHashMap<>();
    distributions.forEach((name, bins) -> ordered.put(name, List.copyOf(bins)));
    distributions = java.util.Collections.unmodifiableMap(ordered);
    java.util.Map<String, List<PercentilePoint>> curves = new java.util.LinkedHashMap<>();
    percentileCurves.forEach((name, points) -> curves.put(name, List.copyOf(points)));
    percentileCurves = java.util.Collections.unmodifiableMap(curves);
  }

  /** A summary without the percentile curves and the server's metrics. */
  public RunSummary(
      RunConfig config,
      long runEndEpochMillis,
      Figures run,
      List<LevelFigures> levels,
      long excludedRequests,
      Capacity capacity,
      Knee knee,
      CostFigures cost,
      PerSecondSeries timeline,
      Map<String, List<HistogramBin>> distributions) {
    this(
        config,
        runEndEpochMillis,
        run,
        levels,
        excludedRequests,
        capacity,
        knee,
        cost,
        timeline,
        distributions,
        Map.of(),
        null,
        0,
        NOT_INTERRUPTED,
        List.of(),
        AgentFigures.NONE);
  }

  /**
   * The same figures with the server's metrics summarised over these levels; null leaves them out.
   */
  public RunSummary withServer(ServerMetrics scraped) {
    ServerMetrics perLevel =
        scraped == null
            ? null
            : scraped.forLevels(levels.stream().map(LevelFigures::level).toList());
    return new RunSummary(
        config,
        runEndEpochMillis,
        run,
        levels,
        excludedRequests,
        capacity,
        knee,
        cost,
        timeline,
        distributions,
        percentileCurves,
        perLevel,
        abortedRequests,
        interruptedAtEpochMillis,
        byRequestName,
        agents);
  }

  /** The same figures, of a run stopped at {@code epochMillis} before its end. */
  public RunSummary interruptedAt(long epochMillis) {
    return new RunSummary(
        config,
        runEndEpochMillis,
        run,
        levels,
        excludedRequests,
        capacity,
        knee,
        cost,
        timeline,
        distributions,
        percentileCurves,
        server,
        abortedRequests,
        epochMillis,
        byRequestName,
        agents);
  }

  /** Whether the run was stopped before its end. */
  public boolean interrupted() {
    return interruptedAtEpochMillis != NOT_INTERRUPTED;
  }

  /**
   * What the console, the page and summary.json say of a stopped run ("interrupted at
   * 2026-12-02T01:50:00.123Z: 4 requests in flight aborted"), or null for a run that reached its
   * end.
   */
  public String interruption() {
    if (!interrupted()) {
      return null;
    }
    return "interrupted at "
        + java.time.Instant.ofEpochMilli(interruptedAtEpochMillis)
        + ": "
        + abortedRequests
        + (abortedRequests == 1 ? " request" : " requests")
        + " in flight aborted";
  }

  /** Seconds from the run start to {@link #runEndEpochMillis}. */
  public double durationSeconds() {
    return (runEndEpochMillis - config.runStartEpochMillis()) / 1000.0;
  }
}
