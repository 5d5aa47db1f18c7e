package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A level run as a sweep in request mode runs it ({@link CapacitySweep#runRequests}): each stream
 * sends its requests and stops, and every request is in the figures, over the level's busy span.
 */
class CapacitySweepRequestsTest {

  /** One slot, a 10 ms step whatever the batch, prompts free, no overhead: times by hand. */
  private static final CapacityModel ONE_SLOT =
      new CapacityModel(1, 100_000, 10_000, 0, 1.0, 0, 0, 0, true, 0, 0, 0)
          .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16));

  @Test
  void streamsStartedTogetherQueueForTheSlotAndStopAfterTheirRequests() {
    // 2 streams from 0 ms (no ramp), 3 tokens a request, one token per 10 ms step:
    // A1 0-30 ms (first token at 10), B1 queued from 0, runs 30-60 (first token at 40);
    // A2 sent at 30, queued behind B1, runs 60-90 (first at 70); B2 sent at 60, runs 90-120.
    CapacitySweep.Level level = new CapacitySweep(ONE_SLOT, 1, 3, 0, 0, 0).runRequests(2, 2);
    assertEquals(4, level.completedRequests(), "2 streams x 2 requests, then they stop");
    assertEquals(40.0, level.ttftP50Millis(), 1e-9, "TTFTs 10, 40, 40, 40 ms");
    assertEquals(100.0, level.outputTokensPerSecond(), 1e-9, "12 tokens over 0-120 ms");
    assertEquals(100.0, level.perStreamTokensPerSecond(), 1e-9, "2 tokens in 20 ms each");
  }

  @Test
  void theRampAndTheDrainAreInTheFigures() {
    // ramp 1 s: the second stream starts at 500 ms, when the first has long finished: no
    // queueing, and the busy span (0-560 ms) holds the idle time between them, as the measured
    // level's does
    CapacitySweep.Level level = new CapacitySweep(ONE_SLOT, 1, 3, 1.0, 0, 0).runRequests(2, 2);
    assertEquals(4, level.completedRequests());
    assertEquals(10.0, level.ttftP50Millis(), 1e-9);
    assertEquals(12 / 0.560, level.outputTokensPerSecond(), 1e-9);
  }

  @Test
  void anIdleEngineStartsItsFirstPassLaterWithTheRequestsThatReachedItMeanwhile() {
    // 2 slots; the streams start at 0 and 1 ms (ramp 2 ms). Without an idle start the first
    // request's pass runs 0-10 ms and the second joins the next, 10-20: TTFTs 10 and 19 ms. With
    // 2 ms, the engine woken at 0 starts at 2 ms with both: first tokens at 12 ms (TTFTs 12 and
    // 11), the last at 32, 6 tokens over 0-32 ms.
    CapacityModel twoSlots =
        new CapacityModel(2, 100_000, 10_000, 0, 1.0, 0, 0, 0, true, 0, 0, 0)
            .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16));
    CapacitySweep.Level apart = new CapacitySweep(twoSlots, 1, 3, 0.002, 0, 0).runRequests(2, 1);
    assertEquals(10.0, apart.ttftP50Millis(), 1e-9);
    assertEquals(19.0, apart.ttftP99Millis(), 1e-9);
    CapacitySweep.Level gathered =
        new CapacitySweep(twoSlots.withIdleStartMicros(2_000), 1, 3, 0.002, 0, 0).runRequests(2, 1);
    assertEquals(11.0, gathered.ttftP50Millis(), 1e-9);
    assertEquals(12.0, gathered.ttftP99Millis(), 1e-9);
    assertEquals(6 / 0.032, gathered.outputTokensPerSecond(), 1e-9);
  }

  @Test
  void aStreamSendsAtLeastOneRequest() {
    CapacitySweep sweep = new CapacitySweep(ONE_SLOT, 1, 3, 0, 0, 0);
    assertThrows(IllegalArgumentException.class, () -> sweep.runRequests(2, 0));
  }

  @Test
  void requestsOfVariedLengthsAreSentInTheirOrder() {
    // 2 slots, both streams from 0 ms, 2 requests each; the n-th request sent is of the n-th
    // shape: A1 2 tokens, B1 4, then 2 and 2. A1 and B1 decode 0-20 and 0-40 ms (first tokens at
    // 10); A2 sent at 20 decodes 20-40; B2 sent at 40 decodes 40-60: 10 tokens over 0-60 ms,
    // every TTFT 10 ms, every stream at one token per 10 ms step.
    CapacityModel twoSlots =
        new CapacityModel(2, 100_000, 10_000, 0, 1.0, 0, 0, 0, true, 0, 0, 0)
            .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16));
    CapacitySweep.Level level =
        new CapacitySweep(twoSlots, 1, 3, 0, 0, 0)
            .withShapes(
                List.of(
                    new RequestShape(1, 2),
                    new RequestShape(1, 4),
                    new RequestShape(1, 2),
                    new RequestShape(1, 2)))
            .runRequests(2, 2);
    assertEquals(4, level.completedRequests());
    assertEquals(10 / 0.060, level.outputTokensPerSecond(), 1e-9, "10 tokens over 0-60 ms");
    assertEquals(10.0, level.ttftP99Millis(), 1e-9);
    assertEquals(100.0, level.perStreamTokensPerSecond(), 1e-9);
    // the fixed 3-token requests of the same sweep: 12 tokens, A1 and B1 0-30, A2 and B2 30-60
    CapacitySweep.Level fixed = new CapacitySweep(twoSlots, 1, 3, 0, 0, 0).runRequests(2, 2);
    assertEquals(12 / 0.060, fixed.outputTokensPerSecond(), 1e-9);
  }
}
