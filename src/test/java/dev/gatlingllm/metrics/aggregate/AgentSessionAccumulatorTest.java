package dev.gatlingllm.metrics.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.RowBuilder;
import org.junit.jupiter.api.Test;

/**
 * The figures of agent sessions from rows of known times: TTFT by turn index, each session's first
 * send to last byte, turns per session, and a session with a failed turn left out of the last two.
 */
class AgentSessionAccumulatorTest {
  private static RequestRow turn(
      String session,
      int turn,
      long startMillis,
      long ttftMicros,
      long durationMicros,
      boolean ok) {
    return RowBuilder.row()
        .sessionTurn(session, turn)
        .startEpochMillis(startMillis)
        .ttftMicros(ttftMicros)
        .durationMicros(durationMicros)
        .ok(ok)
        .error(ok ? null : "HTTP 500")
        .build();
  }

  @Test
  void figuresByTurnAndBySession() {
    AgentSessionAccumulator agents = new AgentSessionAccumulator();
    // a: turns at 0, 300 and 500 ms, the last one lasting 120 ms: 620 ms in all.
    agents.add(turn("a", 1, 1_000, 80_000, 100_000, true));
    agents.add(turn("a", 2, 1_300, 40_000, 90_000, true));
    agents.add(turn("a", 3, 1_500, 30_000, 120_000, true));
    // b: 2 turns, 400 ms in all.
    agents.add(turn("b", 1, 2_000, 60_000, 100_000, true));
    agents.add(turn("b", 2, 2_250, 20_000, 150_000, true));
    // c: its second turn failed; its turn 1 TTFT counts, its duration and turns do not.
    agents.add(turn("c", 1, 3_000, 70_000, 100_000, true));
    agents.add(turn("c", 2, 3_200, -1, 5_000, false));

    AgentFigures figures = agents.figures();
    assertTrue(figures.any());
    assertEquals(3, figures.sessions());
    assertEquals(2, figures.completedSessions());
    assertEquals(3, figures.ttftByTurn().size());
    AgentFigures.TurnTtft first = figures.ttftByTurn().get(0);
    assertEquals(1, first.turn());
    assertEquals(3, first.ttftMs().count());
    assertEquals(70.0, first.ttftMs().p50(), 0.1, "nearest rank of 60, 70, 80");
    assertEquals(80.0, first.ttftMs().p99(), 0.1);
    assertEquals(2, figures.ttftByTurn().get(1).ttftMs().count(), "the failed turn 2 has no TTFT");
    assertEquals(30.0, figures.ttftByTurn().get(2).ttftMs().p50(), 0.05);
    assertEquals(400.0, figures.durationMs().p50(), 0.5);
    assertEquals(620.0, figures.durationMs().p99(), 0.5);
    assertEquals(510.0, figures.durationMs().mean(), 1e-6);
    assertEquals(2.5, figures.turnsMean(), 1e-9);
    assertEquals(2, figures.turnsP50());
    assertEquals(3, figures.turnsMax());
  }

  @Test
  void noSessionNoFigures() {
    assertFalse(new AgentSessionAccumulator().figures().any());
  }
}
