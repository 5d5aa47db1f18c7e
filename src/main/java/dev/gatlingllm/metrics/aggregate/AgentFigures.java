package dev.gatlingllm.metrics.aggregate;

import dev.gatlingllm.metrics.stats.Distribution;
import java.util.List;

/**
 * The figures of agent sessions (metrics.md, "Agent sessions"), from the measured requests tagged
 * with a session and a turn: TTFT by turn index (a later turn's prompt holds the earlier ones, so a
 * prefix cache makes it faster), how long the sessions lasted and how many turns they had.
 *
 * @param ttftByTurn TTFT of the successful requests by turn index, in turn order
 * @param sessions the sessions with a measured request
 * @param completedSessions the sessions whose every measured turn succeeded: the ones the duration
 *     and turn figures count
 * @param durationMs each completed session's first send to its last byte, in ms
 * @param turnsMean the mean turns of a completed session
 * @param turnsP50 the median turns of a completed session (nearest rank)
 * @param turnsMax the most turns of a completed session
 */
public record AgentFigures(
    List<TurnTtft> ttftByTurn,
    long sessions,
    long completedSessions,
    Distribution durationMs,
    double turnsMean,
    long turnsP50,
    long turnsMax) {
  /** Turn indexes with a TTFT of their own; later turns count in this one. */
  public static final int MAX_TURN = 100;

  /** No request was tagged with a session. */
  public static final AgentFigures NONE =
      new AgentFigures(List.of(), 0, 0, Distribution.EMPTY, 0, 0, 0);

  public AgentFigures {
    ttftByTurn = List.copyOf(ttftByTurn);
  }

  /**
   * TTFT of one turn index.
   *
   * @param turn the turn, from 1
   * @param ttftMs its TTFT over the successful requests of that turn, in ms
   */
  public record TurnTtft(int turn, Distribution ttftMs) {}

  /** True when some request belonged to a session: the report then shows the section. */
  public boolean any() {
    return sessions > 0;
  }
}
