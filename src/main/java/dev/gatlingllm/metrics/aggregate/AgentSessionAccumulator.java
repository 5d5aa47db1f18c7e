package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.stats.LatencyStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates the measured requests of agent sessions: a TTFT histogram per turn index and, per
 * session, its span and turns. Memory grows with the sessions (a few numbers each) and with the
 * turn indexes up to {@link AgentFigures#MAX_TURN} (later turns count in the last). Not
 * thread-safe: the run's aggregate locks around it.
 */
final class AgentSessionAccumulator {
  private final List<LatencyStats> ttftByTurn = new ArrayList<>();
  private final Map<String, Span> sessions = new LinkedHashMap<>();

  /** One session's first send, its last request's end (to the microsecond), its turns. */
  private static final class Span {
    long firstStartMicros = Long.MAX_VALUE;
    long lastEndMicros = Long.MIN_VALUE;
    int turns;
    boolean failed;
  }

  void add(RequestRow row) {
    RequestRow.Placement placement = row.placement();
    int index = Math.min(placement.turn(), AgentFigures.MAX_TURN) - 1;
    while (ttftByTurn.size() <= index) {
      ttftByTurn.add(new LatencyStats());
    }
    if (row.status().ok()) {
      ttftByTurn.get(index).add(row.latency().ttftMicros());
    }
    Span span = sessions.computeIfAbsent(placement.sessionId(), id -> new Span());
    long start = placement.startEpochMillis() * 1000;
    span.firstStartMicros = Math.min(span.firstStartMicros, start);
    span.lastEndMicros =
        Math.max(span.lastEndMicros, start + Math.max(0, row.latency().durationMicros()));
    span.turns++;
    span.failed |= !row.status().ok();
  }

  AgentFigures figures() {
    if (sessions.isEmpty()) {
      return AgentFigures.NONE;
    }
    List<AgentFigures.TurnTtft> turns = new ArrayList<>(ttftByTurn.size());
    for (int i = 0; i < ttftByTurn.size(); i++) {
      turns.add(
          new AgentFigures.TurnTtft(i + 1, ttftByTurn.get(i).toDistribution().orNaNWhenEmpty()));
    }
    LatencyStats durations = new LatencyStats();
    long[] turnCounts = new long[sessions.size()];
    int completed = 0;
    for (Span span : sessions.values()) {
      if (!span.failed) {
        durations.add(span.lastEndMicros - span.firstStartMicros);
        turnCounts[completed++] = span.turns;
      }
    }
    long[] counted = Arrays.copyOf(turnCounts, completed);
    Arrays.sort(counted);
    return new AgentFigures(
        turns,
        sessions.size(),
        completed,
        durations.toDistribution().orNaNWhenEmpty(),
        completed == 0 ? Double.NaN : Arrays.stream(counted).average().orElse(Double.NaN),
        completed == 0 ? 0 : counted[(completed + 1) / 2 - 1],
        completed == 0 ? 0 : counted[completed - 1]);
  }
}
