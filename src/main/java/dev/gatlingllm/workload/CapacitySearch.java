package dev.gatlingllm.workload;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.exitHereIf;

import dev.gatlingllm.gatling.SessionKeys;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Raises the load level by level until the TTFT SLO breaks, then stops: the first request of a level
 * judges the level before it (p99 TTFT of its requests, a failed request counting as infinitely slow),
 * and once a level broke the SLO every later user leaves at once. The capacity is the last level that
 * met the SLO. Thread-safe: one instance per simulation.
 */
public final class CapacitySearch {
  private final List<Integer> levels;
  private final double sloP99TtftMs;
  private final Map<Integer, ConcurrentLinkedQueue<Double>> ttfts = new ConcurrentHashMap<>();
  private final List<String> verdicts = new ArrayList<>();
  private volatile boolean stopped;
  private int judgedUpTo = -1;
  private int capacityIndex = -1;

  public CapacitySearch(List<Integer> levels, double sloP99TtftMs) {
    if (!(sloP99TtftMs > 0)) {
      throw new IllegalArgumentException("the TTFT SLO must be positive, was " + sloP99TtftMs);
    }
    this.levels = List.copyOf(levels);
    this.sloP99TtftMs = sloP99TtftMs;
  }

  /** Wraps one request: skip it once the search stopped, and keep its TTFT for its level's verdict. */
  public ChainBuilder around(ChainBuilder oneRequest, String resultKey) {
    return exec(session -> {
          judgeLevelsBefore(level(session));
          return session;
        })
        .exec(exitHereIf(session -> stopped))
        .exec(oneRequest)
        .exec(session -> {
          int level = level(session);
          if (level >= 0) {
            Map<String, Object> result = session.getMap(resultKey);
            boolean ok = Boolean.TRUE.equals(result.get("ok"));
            double ttft = ((Number) result.get("ttftMs")).doubleValue();
            ttfts.computeIfAbsent(level, k -> new ConcurrentLinkedQueue<>())
                .add(ok && ttft >= 0 ? ttft : Double.POSITIVE_INFINITY);
          }
          return session;
        });
  }

  /** Judges every level not judged yet, including the last one; call at the end of the run. */
  public synchronized void finish() {
    judgeLevelsBefore(levels.size());
  }

  /** Index of the highest level that met the SLO before the first that broke it, or -1. */
  public synchronized int capacityIndex() {
    return capacityIndex;
  }

  public boolean stopped() {
    return stopped;
  }

  /** One line per judged level, then the conclusion. */
  public synchronized String summary() {
    StringBuilder out = new StringBuilder();
    for (String verdict : verdicts) {
      out.append(verdict).append('\n');
    }
    out.append(capacityIndex >= 0
        ? "capacity: " + levels.get(capacityIndex) + " streams meet p99 TTFT <= " + sloP99TtftMs + " ms"
        : "capacity: no level met p99 TTFT <= " + sloP99TtftMs + " ms");
    return out.toString();
  }

  private synchronized void judgeLevelsBefore(int level) {
    while (judgedUpTo < level - 1 && !stopped) {
      int index = ++judgedUpTo;
      double p99 = p99(ttfts.getOrDefault(index, new ConcurrentLinkedQueue<>()));
      boolean met = p99 <= sloP99TtftMs;
      verdicts.add(String.format(java.util.Locale.ROOT, "level %d streams: p99 TTFT %.1f ms -> %s",
          levels.get(index), p99, met ? "meets the SLO" : "breaks the SLO"));
      if (met) {
        capacityIndex = index;
      } else {
        stopped = true;
      }
    }
  }

  /** Nearest-rank p99; an empty level is infinitely slow (it served nothing). */
  static double p99(java.util.Collection<Double> values) {
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
