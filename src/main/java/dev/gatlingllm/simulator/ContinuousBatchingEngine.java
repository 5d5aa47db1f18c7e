package dev.gatlingllm.simulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The scheduling core of the simulated server, on a virtual clock: FIFO admission into decode slots
 * under a KV-cache budget, then iterations that give every active sequence one token.
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
  private final ArrayDeque<EngineRequest> waiting = new ArrayDeque<>();
  private final ArrayList<EngineRequest> active = new ArrayList<>();
  private long kvInUse;
  private int stepsSinceAdmission;

  public ContinuousBatchingEngine(CapacityModel model) {
    this.model = model;
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
    return active.isEmpty() && waiting.isEmpty();
  }

  public int activeCount() {
    return active.size();
  }

  public int waitingCount() {
    return waiting.size();
  }

  public long kvInUse() {
    return kvInUse;
  }

  /**
   * Starts an iteration at {@code startNanos}: drops cancelled sequences, admits waiting ones while
   * slots, KV budget and the per-step prefill budget allow, and returns the iteration's end time,
   * or -1 when there is nothing to run.
   */
  public long beginIteration(long startNanos) {
    removeCancelled();
    long prefillNanos = 0;
    int prefillTokens = 0;
    boolean admit = admissionAllowed();
    int admitted = 0;
    while (admit && !waiting.isEmpty() && active.size() < model.slots()) {
      EngineRequest next = waiting.peekFirst();
      if (next.isCancelled()) {
        waiting.pollFirst();
        continue;
      }
      boolean fitsKv = kvInUse + next.kvReservation() <= model.kvCacheTokens() || active.isEmpty();
      int budget = model.maxPrefillTokensPerStep();
      boolean fitsPrefill =
          budget == 0 || prefillTokens == 0 || prefillTokens + next.promptTokens() <= budget;
      if (!fitsKv || !fitsPrefill) {
        break; // FIFO: a large request at the head blocks the ones behind it, as in vLLM's default
        // policy
      }
      waiting.pollFirst();
      active.add(next);
      kvInUse += next.kvReservation();
      prefillTokens += next.promptTokens();
      prefillNanos += model.prefillNanos(next.promptTokens());
      admitted++;
    }
    if (active.isEmpty()) {
      return -1;
    }
    stepsSinceAdmission =
        admitted > 0 ? 1 : stepsSinceAdmission + 1; // the admitting step counts as one
    return startNanos + model.iterationNanos(active.size(), prefillNanos);
  }

  /**
   * Ends the iteration: one token to each active sequence at {@code endNanos}; finished ones leave.
   */
  public void completeIteration(long endNanos, TokenSink sink) {
    int kept = 0;
    for (int i = 0; i < active.size(); i++) {
      EngineRequest request = active.get(i);
      if (request.isCancelled()) {
        kvInUse -= request.kvReservation();
        continue;
      }
      request.generated++;
      boolean last = request.generated >= request.tokensToGenerate();
      sink.onToken(request, endNanos, last);
      if (last) {
        kvInUse -= request.kvReservation();
      } else {
        active.set(kept++, request);
      }
    }
    truncate(active, kept);
  }

  private boolean admissionAllowed() {
    if (active.isEmpty()) return true;
    if (model.maxWaitingSteps() == 0 || stepsSinceAdmission >= model.maxWaitingSteps()) return true;
    double ratio = model.waitingServedRatio();
    return ratio > 0 && waiting.size() >= ratio * active.size();
  }

  private void removeCancelled() {
    int kept = 0;
    for (int i = 0; i < active.size(); i++) {
      EngineRequest request = active.get(i);
      if (request.isCancelled()) {
        kvInUse -= request.kvReservation();
      } else {
        active.set(kept++, request);
      }
    }
    truncate(active, kept);
  }

  private static void truncate(List<?> list, int size) {
    while (list.size() > size) {
      list.remove(list.size() - 1);
    }
  }
}
