package dev.gatlingllm.simulator;

/**
 * The keys of a prompt's KV blocks for the prefix cache: one hash per full block of {@code
 * blockTokens} token ids, each chained to the previous block's hash, as vLLM keys its blocks. So a
 * block's key stands for the whole prompt up to its end: two prompts share a key only when they
 * share every token before it, and a lookup stops at the first miss. A last partial block has no
 * key: it is never shared.
 */
public final class PromptBlocks {
  private static final long NONE = 0x9E3779B97F4A7C15L; // the "parent" of the first block

  private PromptBlocks() {}

  /** The chain hashes of the full blocks of {@code tokenIds}. */
  public static long[] hashes(int[] tokenIds, int blockTokens) {
    int blocks = tokenIds.length / blockTokens;
    long[] hashes = new long[blocks];
    long parent = NONE;
    for (int b = 0; b < blocks; b++) {
      long h = parent;
      for (int i = b * blockTokens; i < (b + 1) * blockTokens; i++) {
        h = mix(h * 31 + tokenIds[i]);
      }
      hashes[b] = h;
      parent = h;
    }
    return hashes;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
