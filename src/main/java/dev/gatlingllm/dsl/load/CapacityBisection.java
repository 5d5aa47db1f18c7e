package dev.gatlingllm.dsl.load;

import java.util.List;

/**
 * Which concurrency a capacity search runs next, as {@code vllm bench sweep serve_sla} and
 * GuideLLM's sweep do: first the coarse levels in order until one fails, then the midpoint between
 * the last passing level P and the first failing one F, again and again, until F - P is at most the
 * resolution. The capacity then lies in [P, F): P passed, F failed, nothing between them was
 * tested. Assumes that a level that passes means every lower one would (a server does not get
 * faster with more load).
 *
 * <p>The resolution is either fixed (streams) or, by default, 10 % of P rounded down and at least
 * one stream: a finer search at small loads, where one stream is a large share, and no dozen levels
 * to pin 1,000 streams to one. With no level passing, the search goes down towards one stream (P =
 * 0); with every coarse level passing there is nothing to bisect. Not thread-safe: its caller
 * decides one level at a time.
 */
public final class CapacityBisection {
  /** The default resolution's share of the last passing level. */
  static final double RELATIVE_RESOLUTION = 0.10;

  private final List<Integer> levels;

  /** Streams, or 0 for {@link #RELATIVE_RESOLUTION} of the last passing level. */
  private final int fixedResolution;

  private int coarseIndex;
  private int lastPass;
  private int firstFail;

  /** The level {@link #next} returned and whose verdict is awaited, or 0. */
  private int running;

  private boolean over;

  /**
   * @param levels the coarse levels, strictly increasing, each at least one stream
   * @param resolution the resolution in streams, or 0 for the default (10 % of the last passing
   *     level)
   */
  public CapacityBisection(List<Integer> levels, int resolution) {
    check(levels, resolution);
    this.levels = List.copyOf(levels);
    this.fixedResolution = resolution;
  }

  /** The concurrency of the next level, or 0 when the search is over (it then stays over). */
  public int next() {
    if (running > 0) {
      throw new IllegalStateException("the verdict of " + running + " streams is still missing");
    }
    if (over) {
      return 0;
    }
    if (firstFail == 0) {
      running = levels.get(coarseIndex++);
    } else if (firstFail - lastPass > resolution()) {
      running = lastPass + (firstFail - lastPass) / 2;
    } else {
      over = true;
    }
    return running;
  }

  /** Whether the level {@link #next} returned met the SLO. */
  public void verdict(boolean met) {
    if (running == 0) {
      throw new IllegalStateException("no level is running");
    }
    if (met) {
      lastPass = running;
    } else {
      firstFail = running;
    }
    over = firstFail == 0 && coarseIndex == levels.size();
    running = 0;
  }

  /** The highest level that passed, or 0 when none did. */
  public int lastPass() {
    return lastPass;
  }

  /**
   * The lowest level that failed, or 0 when none did (the capacity may then be higher than every
   * level).
   */
  public int firstFail() {
    return firstFail;
  }

  /** The resolution the search stops at, now: fixed, or 10 % of the last passing level. */
  public int resolution() {
    return resolutionAt(lastPass);
  }

  int resolutionAt(int pass) {
    return fixedResolution > 0
        ? fixedResolution
        : Math.max(1, (int) Math.floor(RELATIVE_RESOLUTION * pass));
  }

  /**
   * The most levels a search over {@code levels} can run, whatever the server: the coarse levels up
   * to the first failing one, then the midpoints between it and the level before it (a gap g leaves
   * ceil(g / 2) after a passing midpoint), at the resolution of the level before it (it only grows
   * as the search moves up).
   */
  public static int levelsAtMost(List<Integer> levels, int resolution) {
    check(levels, resolution);
    CapacityBisection rule = new CapacityBisection(levels, resolution);
    int most = levels.size();
    for (int i = 0; i < levels.size(); i++) {
      int below = i == 0 ? 0 : levels.get(i - 1);
      int midpoints = 0;
      for (int gap = levels.get(i) - below; gap > rule.resolutionAt(below); gap = (gap + 1) / 2) {
        midpoints++;
      }
      most = Math.max(most, i + 1 + midpoints);
    }
    return most;
  }

  private static void check(List<Integer> levels, int resolution) {
    if (levels == null || levels.isEmpty()) {
      throw new IllegalArgumentException("a capacity search needs at least one level");
    }
    for (int i = 0; i < levels.size(); i++) {
      if (levels.get(i) < 1 || i > 0 && levels.get(i) <= levels.get(i - 1)) {
        throw new IllegalArgumentException(
            "a capacity search's levels must rise, each at least one stream, were " + levels);
      }
    }
    if (resolution < 0) {
      throw new IllegalArgumentException(
          "the search resolution must be >= 0 streams (0: 10 % of the capacity), was "
              + resolution);
    }
  }
}
