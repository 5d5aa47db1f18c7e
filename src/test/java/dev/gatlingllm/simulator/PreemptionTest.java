package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** KV pressure under the chunked scheduler: recompute preemption, as vLLM does. */
class PreemptionTest {

  /** 8 streams of 256-token prompts and 128-token answers, a KV budget of {@code kvTokens}. */
  private static CapacitySweep.Level run(long kvTokens, SchedulerKind scheduler) {
    CapacityModel d = CapacityModel.DEFAULT;
    CapacityModel model =
        new CapacityModel(
                d.slots(),
                kvTokens,
                d.decodeStepBaseMicros(),
                d.decodeStepPerStreamMicros(),
                d.decodeStepExponent(),
                d.prefillBaseMicros(),
                d.prefillPerTokenMicros(),
                d.maxPrefillTokensPerStep(),
                d.prefillBlocksDecode(),
                d.requestOverheadMicros(),
                d.maxWaitingSteps(),
                d.waitingServedRatio())
            .withScheduling(new SchedulingPolicy(scheduler, 2048, false, 16));
    return CapacitySweep.reference(model).runLevel(8);
  }

  @Test
  void preemptsPastTheKvBudgetAndNeverBelowIt() {
    // each sequence holds at most 256 + 128 tokens: 8 x 384 = 3072 hold them all
    CapacitySweep.Level roomy = run(8 * 384, SchedulerKind.CHUNKED);
    CapacitySweep.Level tight = run(2_000, SchedulerKind.CHUNKED);
    assertEquals(0, roomy.preemptions(), "below the budget: " + roomy);
    assertTrue(tight.preemptions() > 0, "past the budget: " + tight);
    // a preempted request prefills its prompt and output again: its stream stalls, TTFT of those
    // queued behind it grows
    assertTrue(tight.itlP99Millis() > roomy.itlP99Millis(), tight + " vs " + roomy);
    assertTrue(tight.ttftP99Millis() > roomy.ttftP99Millis(), tight + " vs " + roomy);
  }

  @Test
  void theTgiSchedulerReservesInsteadAndNeverPreempts() {
    assertEquals(0, run(2_000, SchedulerKind.TGI).preemptions());
  }

  @Test
  void theNewestRunningRequestIsPreemptedAndPrefilledAgainWithItsOutput() {
    // budget 30 tokens: two 10-token prompts grow by one token a step until they no longer fit
    CapacityModel model =
        new CapacityModel(4, 30, 10_000, 0, 1.0, 0, 100, 0, true, 0, 0, 0)
            .withScheduling(new SchedulingPolicy(SchedulerKind.CHUNKED, 2048, false, 16));
    ContinuousBatchingEngine engine = new ContinuousBatchingEngine(model);
    EngineRequest older = new EngineRequest(10, 12, 12);
    EngineRequest newer = new EngineRequest(10, 12, 12);
    engine.submit(older);
    engine.submit(newer);
    long t = 0;
    while (engine.preemptions() == 0) {
      t = engine.beginIteration(t);
      engine.completeIteration(t, (r, time, last) -> {});
    }
    // prompts 10 + 10, then each decode adds one token per sequence: 20 + 2k > 30 at k = 6
    assertEquals(1, engine.activeCount());
    assertEquals(1, engine.waitingCount());
    assertEquals(6, newer.generated(), "the newer one keeps the tokens it sent");
    assertEquals(16, newer.recomputeTarget(), "its prompt and output are prefilled again");
    while (!engine.isIdle()) {
      t = engine.beginIteration(t);
      engine.completeIteration(t, (r, time, last) -> {});
    }
    assertEquals(12, older.generated());
    assertEquals(12, newer.generated());
  }
}
