package dev.gatlingllm.simulator;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;

/**
 * The engine's KV-cache budget, and the prefix cache inside it.
 *
 * <p>A scheduled request holds KV in two kinds: its private tokens (the TGI-like scheduler's
 * reservation, or the chunked scheduler's computed tokens, counted per token) and, with the prefix
 * cache on, the shared blocks of its prompt that are in the cache. A cached block is held by every
 * request whose prompt starts with it and counts once. When the last holder leaves, the block stays
 * cached but evictable, and the space it occupies counts as free: the next allocation that needs it
 * evicts the least recently released block first (vLLM's free block queue, an LRU). A request
 * releases its blocks last to first, so a prompt's tail is evicted before its head, which more
 * prompts share.
 *
 * <p>Counters follow vLLM: queries and hits in tokens, once per lookup (each time a request is
 * scheduled from the waiting queue, a preempted one again).
 */
final class KvCache {
  private static final class Block {
    int holders;
  }

  private final long capacityTokens;
  private final int blockTokens;
  private final boolean prefixCaching;
  private final HashMap<Long, Block> cached = new HashMap<>();

  /** Cached blocks no request holds, least recently released first. */
  private final LinkedHashMap<Long, Block> evictable = new LinkedHashMap<>();

  private long privateTokens;
  private long heldBlocks;
  private long queryTokens;
  private long hitTokens;

  KvCache(long capacityTokens, int blockTokens, boolean prefixCaching) {
    this.capacityTokens = capacityTokens;
    this.blockTokens = blockTokens;
    this.prefixCaching = prefixCaching;
  }

  /** KV tokens held by scheduled requests: what the budget can no longer give. */
  long inUseTokens() {
    return privateTokens + heldBlocks * blockTokens;
  }

  long queryTokens() {
    return queryTokens;
  }

  long hitTokens() {
    return hitTokens;
  }

  int blockTokens() {
    return blockTokens;
  }

  /**
   * Leading prompt blocks of {@code request} found in the cache, at most as many as leave one of
   * the {@code targetTokens} to compute (the last token's logits are needed, as in vLLM).
   */
  int cachedPrefixBlocks(EngineRequest request, int targetTokens) {
    if (!prefixCaching) return 0;
    long[] hashes = request.promptBlockHashes();
    int max = Math.min(hashes.length, Math.max(0, targetTokens - 1) / blockTokens);
    int found = 0;
    while (found < max && cached.containsKey(hashes[found])) {
      found++;
    }
    return found;
  }

  /** Whether {@code request} can hold its first {@code hitBlocks} cached blocks and more tokens. */
  boolean fits(EngineRequest request, int hitBlocks, long privateTokens) {
    long revived = 0; // evictable blocks it would hold count against the budget from then on
    long[] hashes = request.promptBlockHashes();
    for (int i = 0; i < hitBlocks; i++) {
      if (evictable.containsKey(hashes[i])) revived += blockTokens;
    }
    return inUseTokens() + revived + privateTokens <= capacityTokens;
  }

  /**
   * Schedules {@code request}: it holds its {@code hitBlocks} cached blocks and {@code
   * privateTokens} more, and the lookup of {@code queriedTokens} counts in the statistics.
   */
  void admit(EngineRequest request, int hitBlocks, long privateTokens, int queriedTokens) {
    long[] hashes = request.promptBlockHashes();
    for (int i = 0; i < hitBlocks; i++) {
      hold(hashes[i], cached.get(hashes[i]));
    }
    request.heldBlocks = hitBlocks;
    request.privateKvTokens = 0;
    grow(request, privateTokens);
    if (prefixCaching) {
      queryTokens += queriedTokens;
      hitTokens += (long) hitBlocks * blockTokens;
    }
  }

  /** Adds {@code tokens} to the request's KV if the budget allows. */
  boolean tryGrow(EngineRequest request, long tokens) {
    if (inUseTokens() + tokens > capacityTokens) return false;
    grow(request, tokens);
    return true;
  }

  /** Adds {@code tokens} whatever the budget (a request alone in the batch is never preempted). */
  void grow(EngineRequest request, long tokens) {
    request.privateKvTokens += tokens;
    privateTokens += tokens;
    evictOverflow();
  }

  /**
   * The request's prompt is computed: its full blocks enter the cache (or, when another request
   * cached the same block meanwhile, it holds that one and drops its own copy).
   */
  void cachePrompt(EngineRequest request) {
    if (!prefixCaching) return;
    long[] hashes = request.promptBlockHashes();
    for (int i = request.heldBlocks; i < hashes.length; i++) {
      Block block = cached.computeIfAbsent(hashes[i], h -> new Block());
      hold(hashes[i], block);
      request.privateKvTokens -= blockTokens;
      privateTokens -= blockTokens;
    }
    request.heldBlocks = Math.max(request.heldBlocks, hashes.length);
    evictOverflow();
  }

  /**
   * Frees everything the request holds; its cached blocks stay, evictable once nobody holds them.
   */
  void release(EngineRequest request) {
    privateTokens -= request.privateKvTokens;
    long[] hashes = request.promptBlockHashes();
    for (int i = request.heldBlocks - 1; i >= 0; i--) {
      Block block = cached.get(hashes[i]);
      if (--block.holders == 0) {
        heldBlocks--;
        evictable.put(hashes[i], block);
      }
    }
    request.privateKvTokens = 0;
    request.heldBlocks = 0;
  }

  private void hold(long hash, Block block) {
    if (block.holders++ == 0) {
      evictable.remove(hash);
      heldBlocks++;
    }
  }

  private void evictOverflow() {
    Iterator<Long> oldest = evictable.keySet().iterator();
    while (privateTokens + (long) cached.size() * blockTokens > capacityTokens
        && oldest.hasNext()) {
      cached.remove(oldest.next());
      oldest.remove();
    }
  }
}
