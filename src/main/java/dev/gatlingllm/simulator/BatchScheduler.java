package dev.gatlingllm.simulator;

/**
 * Decides the work of one engine iteration: which waiting requests join the batch, which running
 * ones are preempted, how many tokens each scheduled request computes ({@link
 * EngineRequest#scheduledTokens}), and how long the iteration lasts. The engine then applies the
 * plan: a request whose prefill completes, or that decodes, receives one token at its end.
 */
interface BatchScheduler {

  /**
   * Plans the next iteration over {@code engine}'s queues (cancelled requests already removed);
   * returns its duration, or -1 when nothing is to run.
   */
  long plan(ContinuousBatchingEngine engine);

  static BatchScheduler of(CapacityModel model) {
    return switch (model.scheduling().scheduler()) {
      case TGI -> new TgiScheduler(model);
      case CHUNKED -> new ChunkedPrefillScheduler(model);
    };
  }
}
