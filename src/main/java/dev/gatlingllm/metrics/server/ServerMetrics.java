package dev.gatlingllm.metrics.server;

import dev.gatlingllm.metrics.level.MeasuredLevel;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run read from the server's own metrics page: the scrapes and, per level, their figures.
 * Immutable.
 *
 * @param url the page's address (with any user info and query values hidden)
 * @param engine the engine whose names the page used, or null when none was recognised
 * @param scrapes pages read and understood
 * @param failures scrapes that failed (no answer in time, an HTTP error, a page out of format)
 * @param firstFailure why the first failed scrape failed, or null
 * @param samples the scrapes in time order
 * @param levels the figures of each level of the run, in the order of the run's levels
 */
public record ServerMetrics(
    String url,
    ServerEngine engine,
    long scrapes,
    long failures,
    String firstFailure,
    List<ServerSample> samples,
    List<ServerLevelFigures> levels) {
  public ServerMetrics {
    samples = List.copyOf(samples);
    levels = List.copyOf(levels);
  }

  /** The same scrapes, summarised over {@code measuredLevels} (a run's levels, or a merge's). */
  public ServerMetrics forLevels(List<MeasuredLevel> measuredLevels) {
    List<ServerLevelFigures> figures = new ArrayList<>(measuredLevels.size());
    for (MeasuredLevel level : measuredLevels) {
      figures.add(ServerLevelFigures.of(samples, level));
    }
    return new ServerMetrics(url, engine, scrapes, failures, firstFailure, samples, figures);
  }

  /**
   * The generated-tokens counter's increase from the first scrape to the last, NaN when unknown.
   */
  public double generatedTokensOverRun() {
    double first = Double.NaN;
    double last = Double.NaN;
    for (ServerSample sample : samples) {
      if (!Double.isNaN(sample.generatedTokens())) {
        if (Double.isNaN(first)) {
          first = sample.generatedTokens();
        }
        last = sample.generatedTokens();
      }
    }
    return last - first;
  }
}
