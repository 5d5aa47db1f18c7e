package dev.gatlingllm.simulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The scheduling core of the simulated server, on a virtual clock: a FIFO waiting queue, the
 * running batch, the KV cache (with its prefix cache), and iterations planned by a {@link
 * BatchScheduler} (TGI-like or chunked prefill, {@link SchedulingPolicy}). At the end of an
 * iteration every request that decoded, or whose prefill completed in it, receives one token.
 *
 * <p>Used the same way by the real-time driver ({@link EngineThread}) and by the socket-free {@link
 * CapacitySweep}, so the tested model and the served timing cannot drift apart. Not thread-safe:
 * one thread drives it.
 */
public final class ContinuousBatchingEngine {

  /** Receives the tokens of one iteration. */
  public interface TokenSink {
    /**
     * {@code request} produced its {@code request.generated()}-th token at {@code timeNanos};
     * {@code last} is true when it has produced all its tokens (it has left the batch).
     */
    void onToken(EngineRequest request, long timeNanos, boolean last);
  }

  private final CapacityModel model;
  private final BatchScheduler scheduler;
  private final KvCache kvCache;
  private final ArrayDeque<EngineRequest> waiting = new ArrayDeque<>();

  /** Oldest admission first: the chunked scheduler serves them in this order, preempts the last. */
  private final ArrayList<EngineRequest> running = new ArrayList<>();

  private long preemptions;

  public ContinuousBatchingEngine(CapacityModel model) {
    this.model = model;
    this.scheduler = BatchScheduler.of(model);
    SchedulingPolicy policy = model.scheduling();
    this.kvCache = new KvCache(model.kvCacheTokens(), policy.blockTokens(), policy.prefixCache());
  }

  public CapacityModel model() {
    return model;
  }

  /**
   * Queues a request; it is admitted at the start of a later iteration, first come first served.
   */
  public void submit(EngineRequest request) {
    if (request.tokensToGenerate() == 0) {
      return; // nothing to decode; the caller finishes it without the engine
    }
    waiting.addLast(request);
  }

  public boolean isIdle() {
    return running.isEmpty() && waiting.isEmpty();
  }

  public int activeCount() {
    return running.size();
  }

  public int waitingCount() {
    return waiting.size();
  }

  /** KV tokens held by the running requests (evictable prefix-cache blocks not counted). */
  public long kvInUse() {
    return kvCache.inUseTokens();
  }

  /**
   * Running requests sent back to the waiting queue for lack of KV ({@code vllm:num_preemptions}).
   */
  public long preemptions() {
    return preemptions;
  }

  /** Prompt tokens looked up in the prefix cache ({@code vllm:prefix_cache_queries}). */
  public long prefixCacheQueryTokens() {
    return kvCache.queryTokens();
  }

  /** Prompt tokens found there ({@code vllm:prefix_cache_hits}). */
  public long prefixCacheHitTokens() {
    return kvCache.hitTokens();
  }

  /**
   * Starts an iteration at {@code startNanos}: drops cancelled sequences, lets the scheduler admit,
   * preempt and share out the work, and returns the iteration's end time, or -1 when there is
   * nothing to run.
   */
  public long beginIteration(long startNanos) {
    removeCancelled();
    long duration = scheduler.plan(this);
    return duration < 0 ? -1 : startNanos + duration;
  }

  /**
   * Ends the iteration at {@code endNanos}: the scheduled work is done, one token to each request
   * that decoded or completed its prefill; finished ones leave.
   */
  public void completeIteration(long endNanos, TokenSink sink) {
    int kept = 0;
    for (int i = 0; i < running.size(); i++) {
      EngineRequest request = running.get(i);
      if (request.isCancelled()) {
        kvCache.release(request);
        continue;
      }
      int computed = request.scheduledTokens;
      request.scheduledTokens = 0;
      boolean emits = computed > 0 && !request.isPrefilling();
      if (computed > 0 && request.isPrefilling()) {
        request.pendingPrefill -= computed;
        emits = request.pendingPrefill == 0; // the last chunk's logits give the next token
        if (emits) kvCache.cachePrompt(request);
      }
      boolean last = false;
      if (emits) {
        request.generated++;
        last = request.generated >= request.tokensToGenerate();
        sink.onToken(request, endNanos, last);
      }
      if (last) {
        kvCache.release(request);
      } else {
        running.set(kept++, request);
      }
    }
    truncate(running, kept);
  }

  // ---- for the schedulers ----

  KvCache kvCache() {
    return kvCache;
  }

  /**
   * The running batch, oldest admission first (schedulers may read it and set scheduled tokens).
   */
  List<EngineRequest> running() {
    return running;
  }

  int runningCount() {
    return running.size();
  }

  /** The head of the waiting queue, cancelled requests dropped on the way; null when empty. */
  EngineRequest nextWaiting() {
    while (!waiting.isEmpty() && waiting.peekFirst().isCancelled()) {
      waiting.pollFirst();
    }
    return waiting.peekFirst();
  }

  /**
   * Moves the head of the waiting queue into the batch: it holds {@code hitBlocks} cached prompt
   * blocks and {@code privateKvTokens} of KV, and has {@code pendingPrefill} tokens to compute.
   */
  void admit(EngineRequest request, int hitBlocks, long privateKvTokens, int pendingPrefill) {
    if (waiting.pollFirst() != request) throw new IllegalStateException("admit the head only");
    kvCache.admit(request, hitBlocks, privateKvTokens, request.recomputeTarget());
    request.recordFirstLookup(hitBlocks * kvCache.blockTokens());
    request.pendingPrefill = pendingPrefill;
    request.scheduledTokens = 0;
    running.add(request);
  }

  /** Recompute preemption: frees the request's KV and puts it back at the head of the queue. */
  void preempt(EngineRequest request) {
    running.remove(request);
    kvCache.release(request);
    request.resetForRecompute();
    waiting.addFirst(request);
    preemptions++;
  }

  private void removeCancelled() {
    int kept = 0;
    for (int i = 0; i < running.size(); i++) {
      EngineRequest request = running.get(i);
      if (request.isCancelled()) {
        kvCache.release(request);
      } else {
        running.set(kept++, request);
      }
    }
    truncate(running, kept);
  }

  private static void truncate(List<?> list, int size) {
    while (list.size() > size) {
      list.remove(list.size() - 1);
    }
  }
}
