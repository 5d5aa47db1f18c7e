package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity model and the batching engine on a virtual clock: no sockets, no sleeping. */
class CapacityModelTest {

  private static CapacityModel simple(int slots, long kvTokens) {
    // 10 ms + 1 ms per active stream, prefill 5 ms + 0.1 ms/token, no admission batching
    return new CapacityModel(slots, kvTokens, 10_000, 1_000, 1.0, 5_000, 100, 0, true, 0, 0, 0);
  }

  @Test
  void decodeStepGrowsWithTheBatch() {
    CapacityModel m = simple(8, 100_000);
    assertEquals(11_000_000, m.decodeStepNanos(1));
    assertEquals(18_000_000, m.decodeStepNanos(8));
    assertEquals(15_000_000, m.prefillNanos(100));
    assertEquals(11_000_000 + 15_000_000, m.iterationNanos(1, m.prefillNanos(100)));
    CapacityModel overlapped =
        new CapacityModel(8, 100_000, 10_000, 1_000, 1.0, 5_000, 100, 0, false, 0, 0, 0);
    assertEquals(15_000_000, overlapped.iterationNanos(1, overlapped.prefillNanos(100)));
  }

  @Test
  void attentionMakesAPromptCostWithTheSquareOfItsLengthAndADecodeWithItsContext() {
    CapacityModel m = simple(4, 100_000).withAttentionPerTokenPairNanos(1_000);
    // by hand: 10 tokens attend 1 + 2 + ... + 10 = 55 pairs; 5 ms + 10 x 0.1 ms + 55 us
    assertEquals(6_055_000, m.prefillNanos(10));
    // the same 10 tokens after 90 computed ones: 10 x 90 + 55 = 955 pairs
    assertEquals(5_000_000 + 1_000_000 + 955_000, m.prefillNanos(90, 10));
    // chunked: a 100-token prompt in chunks of 30 costs its pairs once, 5050 in all
    long pairs = 0;
    for (int done = 0; done < 100; done += 30) {
      pairs += CapacityModel.chunkPairs(done, Math.min(30, 100 - done));
    }
    assertEquals(5_050, pairs);

    // the chunked scheduler: one sequence decoding with 100 prompt tokens and 1 generated token
    // attends 101 pairs, beside its decode step of 11 ms
    CapacityModel chunked =
        new CapacityModel(4, 100_000, 10_000, 1_000, 1.0, 0, 100, 0, true, 0, 0, 0)
            .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16))
            .withAttentionPerTokenPairNanos(1_000);
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(chunked);
    engine.submit(new EngineRequest(100, 3, 3));
    long prefill = engine.beginIteration(0);
    // the prompt's pass: 11 ms + 100 x 0.1 ms + 5050 pairs x 1 us
    assertEquals(11_000_000 + 10_000_000 + 5_050_000, prefill);
    engine.completeIteration(prefill, (request, time, last) -> {});
    assertEquals(11_000_000 + 101_000, engine.beginIteration(prefill) - prefill);
  }

  @Test
  void everyActiveSequenceGetsOneTokenPerIteration() {
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(simple(4, 100_000));
    EngineRequest a = new EngineRequest(100, 3, 3);
    EngineRequest b = new EngineRequest(100, 2, 2);
    engine.submit(a);
    engine.submit(b);
    List<String> log = new ArrayList<>();
    long t = 0;
    while (!engine.isIdle()) {
      long end = engine.beginIteration(t);
      engine.completeIteration(
          end,
          (r, time, last) ->
              log.add(
                  (r == a ? "a" : "b")
                      + r.generated()
                      + "@"
                      + time / 1_000_000
                      + (last ? "!" : "")));
      t = end;
    }
    // first iteration: decode(2) 12 ms + two prefills 2 x 15 ms = 42 ms; then 12 ms, then 11 ms for
    // a alone
    assertEquals(List.of("a1@42", "b1@42", "a2@54", "b2@54!", "a3@65!"), log);
  }

  @Test
  void slotsAndKvBudgetQueueRequestsFirstComeFirstServed() {
    ContinuousBatchingEngine bySlots = new ContinuousBatchingEngine(simple(2, 100_000));
    for (int i = 0; i < 5; i++) bySlots.submit(new EngineRequest(10, 5, 5));
    bySlots.beginIteration(0);
    assertEquals(2, bySlots.activeCount());
    assertEquals(3, bySlots.waitingCount());

    // each request reserves prompt + max_tokens = 10 + 90 = 100 KV tokens; 250 fit two
    ContinuousBatchingEngine byKv = new ContinuousBatchingEngine(simple(10, 250));
    for (int i = 0; i < 5; i++) byKv.submit(new EngineRequest(10, 5, 90));
    byKv.beginIteration(0);
    assertEquals(2, byKv.activeCount());
    assertEquals(200, byKv.kvInUse());
  }

  @Test
  void cancelledSequencesLeaveTheBatch() {
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(simple(1, 100_000));
    EngineRequest first = new EngineRequest(10, 100, 100);
    EngineRequest second = new EngineRequest(10, 1, 1);
    engine.submit(first);
    engine.submit(second);
    long end = engine.beginIteration(0);
    engine.completeIteration(end, (r, time, last) -> {});
    first.cancel();
    List<EngineRequest> served = new ArrayList<>();
    end = engine.beginIteration(end);
    engine.completeIteration(end, (r, time, last) -> served.add(r));
    assertEquals(List.of(second), served);
    assertTrue(engine.isIdle());
    assertEquals(0, engine.kvInUse());
  }

  @Test
  void admissionWaitsForMaxWaitingStepsWhileABatchRuns() {
    CapacityModel tgiLike = new CapacityModel(8, 100_000, 10_000, 0, 1.0, 0, 0, 0, true, 0, 3, 0);
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(tgiLike);
    engine.submit(new EngineRequest(1, 100, 100));
    long t = engine.beginIteration(0); // admitted at once: nothing was running
    engine.completeIteration(t, (r, time, last) -> {});
    engine.submit(new EngineRequest(1, 100, 100));
    int iterationsWaited = 0;
    while (engine.activeCount() < 2) {
      t = engine.beginIteration(t);
      engine.completeIteration(t, (r, time, last) -> {});
      iterationsWaited++;
    }
    assertEquals(3, iterationsWaited, "admitted after 3 decode steps without admission");
  }

  /** The TGI-like scheduler with the default costs, which the reference sweep was tuned on. */
  private static final CapacityModel TGI =
      CapacityModel.DEFAULT.withScheduling(SchedulingPolicy.TGI);

  /**
   * The default, chunked prefill, tells the same capacity story: output tok/s rises to 64 streams
   * and no further (the knee), per-stream speed falls all along, TTFT stays low while the slots
   * hold every stream and explodes once requests queue for them.
   */
  @Test
  void theDefaultSchedulerShowsAKneeAndQueueingPastTheSlots() {
    List<CapacitySweep.Level> levels =
        CapacitySweep.reference(CapacityModel.DEFAULT).run(1, 4, 16, 32, 64, 128, 192);
    for (int i = 1; i < 5; i++) {
      assertTrue(
          levels.get(i).outputTokensPerSecond() > levels.get(i - 1).outputTokensPerSecond() * 1.05,
          "throughput rises up to 64 streams: " + levels);
      assertTrue(
          levels.get(i).perStreamTokensPerSecond() < levels.get(i - 1).perStreamTokensPerSecond(),
          "per-stream speed falls: " + levels);
    }
    assertTrue(
        levels.get(5).outputTokensPerSecond() < levels.get(4).outputTokensPerSecond() * 1.05,
        "64 -> 128 streams adds less than 5 %: the knee at 64: " + levels);
    assertTrue(levels.get(4).ttftP99Millis() < 500, "64 streams within a 500 ms TTFT: " + levels);
    assertTrue(levels.get(5).ttftP50Millis() > 500, "128 streams queue past it: " + levels);
    assertTrue(
        levels.get(6).ttftP99Millis() > 3 * levels.get(5).ttftP99Millis() / 2,
        "and more streams queue longer: " + levels);
  }

  @Test
  void sweepShapeThroughputRisesThenFlattensWhileStreamsSlowDownAndQueueingExplodesTtft() {
    List<CapacitySweep.Level> levels = CapacitySweep.reference(TGI).run(1, 4, 16, 32, 64, 128, 192);
    for (int i = 1; i < levels.size(); i++) {
      CapacitySweep.Level prev = levels.get(i - 1);
      CapacitySweep.Level cur = levels.get(i);
      if (cur.streams() <= CapacityModel.DEFAULT.slots() + 16) {
        assertTrue(
            cur.perStreamTokensPerSecond() < prev.perStreamTokensPerSecond(),
            "per-stream speed falls: " + levels);
      } else {
        // beyond the slots the batch stays full: per-stream speed stops falling, the queue grows
        // instead
        assertTrue(
            cur.perStreamTokensPerSecond() < prev.perStreamTokensPerSecond() * 1.2,
            "flat speed: " + levels);
      }
      assertTrue(cur.ttftP50Millis() >= prev.ttftP50Millis(), "TTFT grows: " + levels);
    }
    for (int i = 1; i < 5; i++) {
      assertTrue(
          levels.get(i).outputTokensPerSecond() > levels.get(i - 1).outputTokensPerSecond() * 1.05,
          "throughput rises up to 64 streams: " + levels);
    }
    // beyond the slots (112) the throughput flattens and requests queue
    double at128 = levels.get(5).outputTokensPerSecond();
    double at192 = levels.get(6).outputTokensPerSecond();
    assertTrue(Math.abs(at192 - at128) / at128 < 0.10, "flat beyond capacity: " + levels);
    assertTrue(
        levels.get(6).ttftP99Millis() > 3 * levels.get(4).ttftP99Millis(), "queueing: " + levels);
  }

  @Test
  void theTgiSchedulerReproducesTheReferenceSweepWithin30Percent() {
    // metrics.md's reference sweep: per-stream tok/s and TTFT p50 (ms) at 1, 4, 16, 32, 64, 128
    // streams
    double[] perStream = {92, 88, 71, 54, 34, 18};
    double[] ttftP50 = {48, 71, 152, 287, 611, 1490};
    double[] total = {92, 352, 1136, 1728, 2176, 2304};
    List<CapacitySweep.Level> levels = CapacitySweep.reference(TGI).run(1, 4, 16, 32, 64, 128);
    for (int i = 0; i < levels.size(); i++) {
      CapacitySweep.Level level = levels.get(i);
      assertWithin(perStream[i], level.perStreamTokensPerSecond(), 0.30, "per-stream tok/s", level);
      assertWithin(ttftP50[i], level.ttftP50Millis(), 0.30, "TTFT p50", level);
      assertWithin(total[i], level.outputTokensPerSecond(), 0.30, "output tok/s", level);
    }
  }

  private static void assertWithin(
      double expected, double actual, double tolerance, String what, CapacitySweep.Level level) {
    assertTrue(
        Math.abs(actual - expected) <= tolerance * expected,
        what + " expected ~" + expected + " got " + actual + " at " + level);
  }
}
