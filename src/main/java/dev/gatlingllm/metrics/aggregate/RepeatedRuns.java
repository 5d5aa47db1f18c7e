package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelAccumulator;
import dev.gatlingllm.metrics.level.LevelRepeats;
import dev.gatlingllm.metrics.level.MeasuredLevel;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs of one level that ran several times ({@code llm.repeats}): an accumulator and a busy
 * span per run, fed the requests the level counts, so that each run's figures are computed by the
 * same code as the level's. Not thread-safe: the aggregate's owner locks around it.
 */
final class RepeatedRuns {
  private final List<LevelAccumulator> runs = new ArrayList<>();
  private final List<long[]> busySpans = new ArrayList<>();

  /** Run {@code repeat} (from 1), made when its first request comes. */
  LevelAccumulator run(int repeat) {
    while (runs.size() < repeat) {
      runs.add(new LevelAccumulator());
      busySpans.add(new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
    }
    return runs.get(repeat - 1);
  }

  void markBusy(int repeat, long firstSendMillis, long lastByteMillis) {
    run(repeat);
    long[] span = busySpans.get(repeat - 1);
    span[0] = Math.min(span[0], firstSendMillis);
    span[1] = Math.max(span[1], lastByteMillis);
  }

  /** Each run's figures over its own busy span within the level's windows. */
  LevelRepeats figures(MeasuredLevel level) {
    List<Figures> figures = new ArrayList<>(runs.size());
    for (int i = 0; i < runs.size(); i++) {
      long[] span = busySpans.get(i);
      figures.add(runs.get(i).toFigures(level.busy(span[0], span[1]).windowSeconds()));
    }
    return LevelRepeats.of(figures);
  }
}
