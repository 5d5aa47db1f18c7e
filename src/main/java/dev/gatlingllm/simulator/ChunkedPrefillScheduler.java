package dev.gatlingllm.simulator;

import java.util.List;

/**
 * vLLM V1's scheduler: each iteration has a budget of {@code maxBatchedTokens} tokens. The running
 * requests come first, oldest first: a decoding one takes one token, a prefilling one the next
 * chunk of its prompt (as much of the rest as the budget holds). Then, unless someone was preempted
 * in this iteration, waiting requests join first come first served while slots, KV and budget
 * allow, each with its first chunk. One forward pass runs it all, so no stream waits for a whole
 * prompt: the iteration lasts a decode step over the scheduled sequences plus the per-token cost of
 * the prompt tokens in it ({@code prefillBaseMicros}, the cost of a separate prefill pass, is not
 * charged: a mixed batch runs none), plus the attention of every scheduled token to its context.
 *
 * <p>KV grows with what is computed (prompt chunks, then one token per decode), nothing is reserved
 * for the output to come; when the budget cannot hold a running request's next tokens, the newest
 * running request is preempted (vLLM's recompute mode): its KV is freed, it goes back to the head
 * of the waiting queue and its prompt and output so far are prefilled again when it returns.
 */
final class ChunkedPrefillScheduler implements BatchScheduler {
  private final CapacityModel model;

  ChunkedPrefillScheduler(CapacityModel model) {
    this.model = model;
  }

  @Override
  public long plan(ContinuousBatchingEngine engine) {
    KvCache kv = engine.kvCache();
    List<EngineRequest> running = engine.running();
    int budget = model.scheduling().maxBatchedTokens();
    long prefillTokens = 0;
    long attendedPairs = 0;
    boolean preempted = false;
    for (int i = 0; i < running.size(); i++) {
      running.get(i).scheduledTokens = 0;
    }
    for (int i = 0; i < running.size() && budget > 0; i++) {
      EngineRequest request = running.get(i);
      int tokens = request.isPrefilling() ? Math.min(request.pendingPrefill, budget) : 1;
      while (!kv.tryGrow(request, tokens)) {
        if (running.size() == 1) {
          kv.grow(request, tokens); // alone and still too big: run it over the budget
          break;
        }
        EngineRequest newest = running.get(running.size() - 1);
        engine.preempt(newest);
        preempted = true;
        if (newest == request) {
          tokens = 0;
          break;
        }
      }
      if (tokens == 0) break; // the request itself was the newest: nothing after it is left
      if (request.isPrefilling()) {
        prefillTokens += tokens;
        attendedPairs +=
            CapacityModel.chunkPairs(request.recomputeTarget() - request.pendingPrefill, tokens);
      } else {
        attendedPairs += request.recomputeTarget(); // one new token attends its whole context
      }
      request.scheduledTokens = tokens;
      budget -= tokens;
    }
    // vLLM admits nobody in an iteration that had to preempt: KV is short
    while (!preempted && budget > 0 && engine.runningCount() < model.slots()) {
      EngineRequest next = engine.nextWaiting();
      if (next == null) break;
      int target = next.recomputeTarget();
      int hitBlocks = kv.cachedPrefixBlocks(next, target);
      int uncached = target - hitBlocks * kv.blockTokens();
      int chunk = Math.min(uncached, budget);
      if (!kv.fits(next, hitBlocks, chunk) && engine.runningCount() > 0) break;
      engine.admit(next, hitBlocks, chunk, uncached);
      next.scheduledTokens = chunk;
      prefillTokens += chunk;
      attendedPairs += CapacityModel.chunkPairs(target - uncached, chunk);
      budget -= chunk;
    }
    int sequences = 0;
    for (int i = 0; i < running.size(); i++) {
      if (running.get(i).scheduledTokens > 0) sequences++;
    }
    if (sequences == 0) return -1;
    return model.decodeStepNanos(sequences)
        + Math.round(model.prefillPerTokenMicros() * prefillTokens * 1_000.0)
        + model.attentionNanos(attendedPairs);
  }
}
