package dev.gatlingllm.simulator;

/**
 * Hugging Face TGI's router: waiting requests join at the start of an iteration when nothing is
 * running, when {@code maxWaitingSteps} iterations have passed since the last admission, or when
 * waiting >= {@code waitingServedRatio} x running; each reserves {@code prompt + max_tokens} of KV
 * (so it is never preempted) and its whole prefill runs in the admitting iteration, which every
 * running stream waits for ({@code prefillBlocksDecode}). This is what makes its ITL spike under
 * load. With the prefix cache on, a prefill costs only the uncached tokens.
 */
final class TgiScheduler implements BatchScheduler {
  private final CapacityModel model;
  private int stepsSinceAdmission;

  TgiScheduler(CapacityModel model) {
    this.model = model;
  }

  @Override
  public long plan(ContinuousBatchingEngine engine) {
    KvCache kv = engine.kvCache();
    long prefillNanos = 0;
    int prefillTokens = 0;
    int admitted = 0;
    boolean admit = admissionAllowed(engine);
    while (admit && engine.runningCount() < model.slots()) {
      EngineRequest next = engine.nextWaiting();
      if (next == null) break;
      int target = next.recomputeTarget();
      int hitBlocks = kv.cachedPrefixBlocks(next, target);
      int uncached = target - hitBlocks * kv.blockTokens();
      long reservation = next.kvReservation() - (long) hitBlocks * kv.blockTokens();
      boolean fitsKv = kv.fits(next, hitBlocks, reservation) || engine.runningCount() == 0;
      int budget = model.maxPrefillTokensPerStep();
      boolean fitsPrefill = budget == 0 || prefillTokens == 0 || prefillTokens + uncached <= budget;
      if (!fitsKv || !fitsPrefill) {
        break; // FIFO: a large request at the head blocks the ones behind it
      }
      engine.admit(next, hitBlocks, reservation, uncached);
      prefillTokens += uncached;
      prefillNanos += model.prefillNanos(target - uncached, uncached);
      admitted++;
    }
    if (engine.runningCount() == 0) return -1;
    long decodePairs = 0;
    for (EngineRequest request : engine.running()) {
      // a newcomer computes its whole prompt; everyone else decodes one token, attending its
      // context
      request.scheduledTokens = request.isPrefilling() ? request.pendingPrefill : 1;
      if (!request.isPrefilling()) decodePairs += request.recomputeTarget();
    }
    stepsSinceAdmission = admitted > 0 ? 1 : stepsSinceAdmission + 1; // the admitting step counts
    return model.iterationNanos(engine.runningCount(), prefillNanos)
        + model.attentionNanos(decodePairs);
  }

  private boolean admissionAllowed(ContinuousBatchingEngine engine) {
    int running = engine.runningCount();
    if (running == 0) return true;
    if (model.maxWaitingSteps() == 0 || stepsSinceAdmission >= model.maxWaitingSteps()) return true;
    double ratio = model.waitingServedRatio();
    return ratio > 0 && engine.waitingCount() >= ratio * running;
  }
}
