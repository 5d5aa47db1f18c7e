package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.exec;

import dev.gatlingllm.gatling.SessionKeys;
import dev.gatlingllm.values.LevelWindow;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Finds the highest concurrency whose p99 TTFT meets the SLO, in one run: the coarse levels in
 * order until one breaks the SLO, then bisection between the last level that met it and the first
 * that broke it, down to a resolution ({@link CapacityBisection}). Gatling fixes its injection when
 * the simulation is built, so the run declares as many levels as the search can need ({@link
 * CapacityBisection#levelsAtMost}) and each one's concurrency is chosen when it starts ({@link
 * ConcurrencySteps#buildChosen}): the first user of a level judges the level before it (p99 TTFT of
 * its requests, a failed request counting as infinitely slow) and asks the bisection for the next.
 * Levels the search does not need send nothing and are in no figure. Thread-safe: one instance per
 * simulation.
 */
public final class CapacitySearch {
  private final List<Integer> levels;
  private final double sloP99TtftMs;
  private final int levelsAtMost;
  private final CapacityBisection bisection;

  /** TTFTs by level position, infinite for a failed request. */
  private final Map<Integer, ConcurrentLinkedQueue<Double>> ttfts = new ConcurrentHashMap<>();

  private final List<String> verdicts = new ArrayList<>();

  /** The position and concurrency of the level running and not judged yet; -1 and 0 when none. */
  private int runningLevel = -1;

  private int runningStreams;

  /**
   * @param levels the coarse levels, rising
   * @param sloP99TtftMs the p99 TTFT a level must meet
   * @param resolution the bisection's resolution in streams, or 0 for 10 % of the last level that
   *     met the SLO
   */
  public CapacitySearch(List<Integer> levels, double sloP99TtftMs, int resolution) {
    if (!(sloP99TtftMs > 0)) {
      throw new IllegalArgumentException("the TTFT SLO must be positive, was " + sloP99TtftMs);
    }
    this.levels = List.copyOf(levels);
    this.sloP99TtftMs = sloP99TtftMs;
    this.bisection = new CapacityBisection(levels, resolution);
    this.levelsAtMost = CapacityBisection.levelsAtMost(levels, resolution);
  }

  /** How many levels the run declares: the most the search can need. */
  public int levelsAtMost() {
    return levelsAtMost;
  }

  /**
   * The levels as the LLM report should expect them (pass to {@code llm().levels(...)}): each one's
   * concurrency is set when it starts.
   */
  public List<LevelWindow> plannedLevels() {
    List<LevelWindow> planned = new ArrayList<>();
    for (int i = 0; i < levelsAtMost; i++) {
      planned.add(LevelWindow.pending(i, 0, 0));
    }
    return List.copyOf(planned);
  }

  /**
   * The search's populations: {@code steps}' warm-ups, then the levels, then {@code last}.
   *
   * @param steps the warm-ups, ramp and requests per level (its own levels are not used)
   * @param oneRequest one request, whose result the action stores under {@code resultKey}
   * @param resultKey the session key of the request's result ({@code chat(...).resultKey(...)},
   *     default "llm")
   * @param last a population to run after the levels, or null
   */
  public PopulationBuilder build(
      ConcurrencySteps steps,
      String name,
      ChainBuilder oneRequest,
      String resultKey,
      PopulationBuilder last) {
    int mostStreams = levels.get(levels.size() - 1);
    return steps.buildChosen(
        name, levelsAtMost, mostStreams, this::concurrencyOf, timed(oneRequest, resultKey), last);
  }

  /** Keeps each request's TTFT for its level's verdict. */
  private ChainBuilder timed(ChainBuilder oneRequest, String resultKey) {
    return exec(oneRequest)
        .exec(
            session -> {
              int level = level(session);
              if (level >= 0) {
                Map<String, Object> result = session.getMap(resultKey);
                boolean ok = Boolean.TRUE.equals(result.get("ok"));
                double ttft = ((Number) result.get("ttftMs")).doubleValue();
                ttfts
                    .computeIfAbsent(level, k -> new ConcurrentLinkedQueue<>())
                    .add(ok && ttft >= 0 ? ttft : Double.POSITIVE_INFINITY);
              }
              return session;
            });
  }

  /** Called by the first user of each level, in order, once the level before has ended. */
  private synchronized int concurrencyOf(int level) {
    judgeRunningLevel();
    int streams = bisection.next();
    if (streams > 0) {
      runningLevel = level;
      runningStreams = streams;
    }
    return streams;
  }

  /** Judges the last level, if it was not judged yet; call at the end of the run. */
  public synchronized void finish() {
    judgeRunningLevel();
  }

  private void judgeRunningLevel() {
    if (runningLevel < 0) {
      return;
    }
    double p99 = p99(ttfts.getOrDefault(runningLevel, new ConcurrentLinkedQueue<>()));
    boolean met = p99 <= sloP99TtftMs;
    verdicts.add(
        String.format(
            Locale.ROOT,
            "level %s: p99 TTFT %.1f ms -> %s",
            streams(runningStreams),
            p99,
            met ? "meets the SLO" : "breaks the SLO"));
    bisection.verdict(met);
    runningLevel = -1;
    runningStreams = 0;
  }

  /** The highest concurrency that met the SLO, or 0 when none did. */
  public synchronized int capacity() {
    return bisection.lastPass();
  }

  /** The lowest concurrency that broke the SLO, or 0 when none did. */
  public synchronized int breakingConcurrency() {
    return bisection.firstFail();
  }

  /** One line per level that ran, in run order, then the conclusion with the resolution reached. */
  public synchronized String summary() {
    StringBuilder out = new StringBuilder();
    for (String verdict : verdicts) {
      out.append(verdict).append('\n');
    }
    int pass = bisection.lastPass();
    int fail = bisection.firstFail();
    String slo = String.format(Locale.ROOT, "p99 TTFT <= %.1f ms", sloP99TtftMs);
    if (pass > 0 && fail > 0) {
      out.append("capacity: ")
          .append(streams(pass))
          .append(pass == 1 ? " meets " : " meet ")
          .append(slo)
          .append(", ")
          .append(streams(fail))
          .append(fail == 1 ? " breaks" : " break")
          .append(" it, resolution ")
          .append(streams(fail - pass));
    } else if (pass > 0) {
      out.append("capacity: at least ")
          .append(streams(pass))
          .append(": every level met ")
          .append(slo)
          .append(" (raise llm.levels to find where it breaks)");
    } else {
      out.append("capacity: no level met ")
          .append(slo)
          .append(
              fail > 0 ? ", " + streams(fail) + (fail == 1 ? " breaks" : " break") + " it" : "");
    }
    return out.toString();
  }

  private static String streams(int count) {
    return count + (count == 1 ? " stream" : " streams");
  }

  /** Nearest-rank p99; an empty level is infinitely slow (it served nothing). */
  static double p99(Collection<Double> values) {
    if (values.isEmpty()) {
      return Double.POSITIVE_INFINITY;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(0.99 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  private static int level(Session session) {
    return session.contains(SessionKeys.LEVEL) ? session.getInt(SessionKeys.LEVEL) : -1;
  }
}
