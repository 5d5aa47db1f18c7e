package dev.gatlingllm.metrics.aggregate;

import static dev.gatlingllm.metrics.aggregate.SyntheticResults.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.metrics.request.ResultBuilder;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.values.LevelWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In an open model a user's wait starts at the arrival: a client that queues the arrivals it cannot
 * send (a cap on concurrent requests, a server slower than the rate) hides that wait from TTFT
 * measured from the send. The SLO judgement, the attainment and the capacity of an open-model level
 * measure from the arrival, and a level whose requests were sent at a lower rate than they arrived
 * is never the capacity.
 */
class OpenModelCapacityTest {
  private static final long T0 = 1_800_000_000_000L;

  /**
   * A request that arrived {@code latenessMillis} before it was sent, then streamed 5 tokens (TTFT
   * 100 ms).
   */
  private static RequestResult late(long latenessMillis) {
    RequestResult sent = SyntheticResults.ok(100 * MS, 5, 20 * MS, 5, 10);
    long lateness = latenessMillis * MS;
    return ResultBuilder.from(sent)
        .sendLatenessNanos(lateness)
        .ttftFromScheduledNanos(sent.timing().ttftNanos() + lateness)
        .build();
  }

  /**
   * 4 req/s offered for 5 s (20 arrivals 250 ms apart), sent 400 ms apart (2.5 req/s): each one
   * waits 150 ms longer than the one before it. From the send every TTFT is 100 ms.
   */
  private static RunSummary queuedArrivals(RunConfig config) {
    RunRecorder recorder = new RunRecorder(config);
    recorder.startLevel(0, T0, 0);
    for (int i = 0; i < 20; i++) {
      recorder.record("chat", T0 + 400L * i, late(150L * i));
    }
    return recorder.snapshot(T0 + 9_000);
  }

  private static RunConfig openLevel(Slos slos) {
    return RunConfig.startingAt(T0)
        .withLevels(List.of(LevelWindow.pending(0, 0, 4.0)))
        .withSlos(slos);
  }

  @Test
  void anOpenModelLevelJudgesItsRequestsFromTheirArrival() {
    RunSummary summary = queuedArrivals(openLevel(new Slos(500.0, null, null)));
    LevelFigures level = summary.levels().get(0);
    assertEquals(
        100.0,
        level.figures().latency().ttft().p99(),
        0.1,
        "from the send, every request looks fast");
    // From the arrival: 100 + 150 i ms, within 500 ms for i <= 2 only.
    assertEquals(3, level.figures().counts().good(), "good from the arrival");
    assertEquals(3 / 20.0, level.figures().counts().goodFraction(), 1e-9);
    assertEquals(
        17 / 20.0, level.sloMisses().overTtft(), 1e-9, "17 over the TTFT SLO from the arrival");
    assertFalse(level.meetsTarget());
    assertNull(
        summary.capacity(),
        "capacity is not a rate the server could not serve: " + summary.capacity());
  }

  @Test
  void aPercentileTargetOnAnOpenModelLevelMeasuresFromTheArrival() {
    RunSummary summary =
        queuedArrivals(
            openLevel(Slos.NONE)
                .withTarget(
                    AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, 500)));
    LevelFigures level = summary.levels().get(0);
    assertEquals(
        100 + 150 * 19, level.attainment(), 100 + 150 * 19 * 0.001, "p99 TTFT from the arrival");
    assertNull(summary.capacity());
  }

  @Test
  void aLevelThatCouldNotKeepItsOfferedRateIsNeverTheCapacity() {
    // No SLO on the wait (TPOT only): every request is good, but the level ran at 2.5 req/s, not 4.
    RunSummary summary = queuedArrivals(openLevel(new Slos(null, 50.0, null)));
    LevelFigures level = summary.levels().get(0);
    Figures f = level.figures();
    assertEquals(20, f.counts().good());
    // 19 gaps of 400 ms between the sends, of 250 ms between the arrivals.
    assertEquals(2.5, f.arrivals().achievedRequestRate(), 1e-9, "sent req/s");
    assertEquals(4.0, f.arrivals().arrivalRate(), 1e-9, "arrived req/s");
    assertFalse(level.keepsOfferedRate());
    assertFalse(level.meetsTarget());
    assertNull(summary.capacity());
  }

  @Test
  void anOpenModelLevelThatKeepsItsRateIsTheCapacityAsBefore() {
    RunRecorder recorder = new RunRecorder(openLevel(new Slos(500.0, null, null)));
    recorder.startLevel(0, T0, 0);
    for (int i = 0; i < 20; i++) {
      recorder.record("chat", T0 + 250L * i, late(1));
    }
    RunSummary summary = recorder.snapshot(T0 + 9_000);
    LevelFigures level = summary.levels().get(0);
    assertTrue(level.keepsOfferedRate());
    assertEquals(4.0, level.figures().arrivals().achievedRequestRate(), 1e-9);
    assertTrue(level.meetsTarget());
    assertEquals(4.0, summary.capacity().load(), 1e-9);
  }

  @Test
  void aClosedModelLevelStillMeasuresFromTheSend() {
    RunRecorder recorder =
        new RunRecorder(
            RunConfig.startingAt(T0)
                .withLevels(List.of(LevelWindow.pending(0, 2, 0)))
                .withSlos(new Slos(500.0, null, null)));
    recorder.startLevel(0, T0, 0);
    for (int i = 0; i < 20; i++) {
      recorder.record("chat", T0 + 400L * i, late(150L * i));
    }
    LevelFigures level = recorder.snapshot(T0 + 9_000).levels().get(0);
    assertEquals(20, level.figures().counts().good());
    assertTrue(level.keepsOfferedRate(), "a closed model offers no rate to keep");
    assertTrue(level.meetsTarget());
  }
}
