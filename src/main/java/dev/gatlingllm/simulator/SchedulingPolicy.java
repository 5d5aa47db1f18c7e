package dev.gatlingllm.simulator;

/**
 * How the engine fills each iteration, beside the timing costs of {@link CapacityModel}: the
 * scheduler, its token budget, and whether KV blocks of a prompt are kept for the next prompt that
 * starts the same way.
 *
 * @param scheduler TGI-like (whole prefills block the batch) or chunked prefill (vLLM V1)
 * @param maxBatchedTokens the chunked scheduler's tokens per iteration (vLLM's {@code
 *     max_num_batched_tokens}); the TGI-like scheduler ignores it
 * @param prefixCache keep computed prompt blocks, keyed by a chain hash of their tokens, so that a
 *     later prompt with the same prefix skips their prefill (vLLM's automatic prefix caching)
 * @param blockTokens tokens per KV block, the unit of the prefix cache (vLLM's {@code block_size})
 */
public record SchedulingPolicy(
    SchedulerKind scheduler, int maxBatchedTokens, boolean prefixCache, int blockTokens) {

  /**
   * vLLM V1's {@code max_num_batched_tokens} for its OpenAI server on GPUs below the H100 class
   * (8192 on those): it fits a full batch's decodes (the default 112 slots) and still prefills
   * seven 256-token prompts per iteration.
   */
  public static final int DEFAULT_MAX_BATCHED_TOKENS = 2048;

  /** vLLM's default block size on CUDA. */
  public static final int DEFAULT_BLOCK_TOKENS = 16;

  /** TGI-like scheduling, no prefix cache: the simulator's model before chunked prefill. */
  public static final SchedulingPolicy TGI =
      new SchedulingPolicy(
          SchedulerKind.TGI, DEFAULT_MAX_BATCHED_TOKENS, false, DEFAULT_BLOCK_TOKENS);

  /**
   * The simulator's default: chunked prefill within 2048 tokens per iteration, as vLLM V1 and
   * SGLang schedule by default, without the prefix cache (the default workloads' random prompts
   * share nothing for it to find; {@code sim.prefixCache=true} turns it on for the prefix
   * workloads).
   */
  public static final SchedulingPolicy CHUNKED =
      new SchedulingPolicy(
          SchedulerKind.CHUNKED, DEFAULT_MAX_BATCHED_TOKENS, false, DEFAULT_BLOCK_TOKENS);

  /** vLLM V1's defaults: chunked prefill within 2048 tokens per iteration, prefix cache on. */
  public static final SchedulingPolicy VLLM_V1 =
      new SchedulingPolicy(
          SchedulerKind.CHUNKED, DEFAULT_MAX_BATCHED_TOKENS, true, DEFAULT_BLOCK_TOKENS);

  public SchedulingPolicy {
    if (scheduler == null) throw new IllegalArgumentException("scheduler is required");
    if (maxBatchedTokens < 1)
      throw new IllegalArgumentException("maxBatchedTokens must be >= 1: " + maxBatchedTokens);
    if (blockTokens < 1)
      throw new IllegalArgumentException("blockSize must be >= 1: " + blockTokens);
  }

  public SchedulingPolicy withPrefixCache(boolean enabled) {
    return new SchedulingPolicy(scheduler, maxBatchedTokens, enabled, blockTokens);
  }
}
