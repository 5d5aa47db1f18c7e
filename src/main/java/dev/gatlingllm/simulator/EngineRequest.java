package dev.gatlingllm.simulator;

/**
 * One sequence as the batching engine sees it: how long its prompt is, how many tokens it will
 * produce before it stops (EOS, max_tokens or a fault's cut-off), how much KV cache it reserves
 * under the TGI-like scheduler, and the keys of its prompt's blocks for the prefix cache.
 *
 * <p>The engine thread owns the mutable fields; {@link #cancel()} may be called from any thread
 * (client gone, stalled stream) and takes effect at the next iteration. {@link
 * #cachedPromptTokens()} is written before the first token is published, so the event loop that
 * writes the usage after the last token reads it safely.
 */
public class EngineRequest {
  private static final long[] NO_BLOCKS = new long[0];

  private final int promptTokens;
  private final int tokensToGenerate;
  private final long kvReservation;
  private final long[] promptBlockHashes;
  private volatile boolean cancelled;
  private volatile int cachedPromptTokens = -1;
  int generated;

  /** Tokens still to compute (prompt, or prompt and output after a preemption) before a token. */
  int pendingPrefill = -1;

  /** Tokens this iteration computes for the request (a prompt chunk or one decode); 0: idle. */
  int scheduledTokens;

  /**
   * KV tokens held outside the shared prefix-cache blocks (the KvCache's share of this request).
   */
  long privateKvTokens;

  /** Leading prompt blocks this request holds in the prefix cache. */
  int heldBlocks;

  public EngineRequest(int promptTokens, int tokensToGenerate, int maxTokens) {
    this(promptTokens, tokensToGenerate, maxTokens, NO_BLOCKS);
  }

  /**
   * With the chain hashes of the prompt's full blocks ({@link PromptBlocks}); null or none: never
   * cached.
   */
  public EngineRequest(
      int promptTokens, int tokensToGenerate, int maxTokens, long[] promptBlockHashes) {
    if (tokensToGenerate < 0) throw new IllegalArgumentException("tokensToGenerate < 0");
    this.promptTokens = promptTokens;
    this.tokensToGenerate = tokensToGenerate;
    this.kvReservation = CapacityModel.kvReservation(promptTokens, maxTokens);
    this.promptBlockHashes = promptBlockHashes == null ? NO_BLOCKS : promptBlockHashes;
  }

  public int promptTokens() {
    return promptTokens;
  }

  public int tokensToGenerate() {
    return tokensToGenerate;
  }

  public long kvReservation() {
    return kvReservation;
  }

  public int generated() {
    return generated;
  }

  long[] promptBlockHashes() {
    return promptBlockHashes;
  }

  /**
   * Prompt tokens found in the prefix cache when the request was first scheduled (vLLM's {@code
   * num_cached_tokens}, reported as {@code usage.prompt_tokens_details.cached_tokens}); 0 before.
   */
  public int cachedPromptTokens() {
    return Math.max(0, cachedPromptTokens);
  }

  /** In the batch, either prefilling or decoding (not waiting, not preempted). */
  boolean isScheduled() {
    return pendingPrefill >= 0;
  }

  boolean isPrefilling() {
    return pendingPrefill > 0;
  }

  /** Tokens whose KV a (re)started prefill must compute: the prompt and what it generated. */
  int recomputeTarget() {
    return promptTokens + generated;
  }

  void recordFirstLookup(int cachedTokens) {
    if (cachedPromptTokens < 0) cachedPromptTokens = cachedTokens;
  }

  /** Back to waiting after a preemption: its KV is gone and its prefill must be redone. */
  void resetForRecompute() {
    pendingPrefill = -1;
    scheduledTokens = 0;
    privateKvTokens = 0;
    heldBlocks = 0;
  }

  public void cancel() {
    cancelled = true;
  }

  public boolean isCancelled() {
    return cancelled;
  }
}
