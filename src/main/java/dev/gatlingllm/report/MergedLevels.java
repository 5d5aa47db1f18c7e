package dev.gatlingllm.report;

import dev.gatlingllm.metrics.level.MeasuredLevel;
import dev.gatlingllm.metrics.level.TimeInterval;
import dev.gatlingllm.values.LevelWindow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The levels of the runs being merged, and where each run's levels went. Levels with the same load
 * (concurrency or rate) merge into one, in load order, whose window is the union of theirs; the
 * parts of one run shared by several injectors ran the same levels at the same time, so theirs are
 * aligned by position instead, and their loads add up.
 */
final class MergedLevels {
  private final boolean injectors;
  private final List<String> keys;
  private final List<MeasuredLevel> levels;

  private MergedLevels(boolean injectors, List<String> keys, List<MeasuredLevel> levels) {
    this.injectors = injectors;
    this.keys = keys;
    this.levels = levels;
  }

  /**
   * @param runLevels each run's levels, in run order
   * @param injectors whether the runs are the parts of one run shared by several injectors
   */
  static MergedLevels of(List<List<MeasuredLevel>> runLevels, boolean injectors) {
    Map<String, List<MeasuredLevel>> byKey = new LinkedHashMap<>();
    for (List<MeasuredLevel> run : runLevels) {
      for (int i = 0; i < run.size(); i++) {
        MeasuredLevel level = run.get(i);
        byKey.computeIfAbsent(key(injectors, i, level), key -> new ArrayList<>()).add(level);
      }
    }
    List<String> keys = new ArrayList<>(byKey.keySet());
    if (injectors) {
      keys.sort(Comparator.comparingInt((String key) -> Integer.parseInt(key.substring(1))));
    } else {
      keys.sort(Comparator.comparingDouble((String key) -> byKey.get(key).get(0).load()));
    }
    List<MeasuredLevel> levels = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      levels.add(merged(i, byKey.get(keys.get(i)), injectors));
    }
    return new MergedLevels(injectors, keys, levels);
  }

  /** The merged levels, in load order (in position order for injectors). */
  List<MeasuredLevel> levels() {
    return levels;
  }

  int size() {
    return levels.size();
  }

  /** For each of one run's levels, the index of the merged level it went into. */
  int[] newIndexes(List<MeasuredLevel> runLevels) {
    int[] newIndex = new int[runLevels.size()];
    for (int i = 0; i < newIndex.length; i++) {
      newIndex[i] = keys.indexOf(key(injectors, i, runLevels.get(i)));
    }
    return newIndex;
  }

  private static String key(boolean injectors, int position, MeasuredLevel level) {
    return injectors ? "i" + position : level.key();
  }

  private static MeasuredLevel merged(int index, List<MeasuredLevel> parts, boolean injectors) {
    LevelWindow model = parts.get(0).window();
    int concurrency =
        injectors
            ? parts.stream().mapToInt(part -> part.window().concurrency()).sum()
            : model.concurrency();
    double rate =
        injectors
            ? parts.stream().mapToDouble(part -> part.window().requestRate()).sum()
            : model.requestRate();
    long start = parts.stream().mapToLong(part -> part.window().startMillis()).min().orElseThrow();
    long measureFrom =
        parts.stream().mapToLong(part -> part.window().measureFromMillis()).min().orElseThrow();
    long end = parts.stream().mapToLong(part -> part.window().endMillis()).max().orElseThrow();
    List<TimeInterval> measured = new ArrayList<>();
    parts.forEach(part -> measured.addAll(part.measured()));
    return new MeasuredLevel(
        new LevelWindow(
            index, concurrency, rate, start, measureFrom, end, model.arrivalWindowMillis()),
        measured);
  }
}
