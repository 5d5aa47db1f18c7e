package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prefix cache: block keys, hit counting in tokens, LRU eviction, and the TTFT it saves. */
class PrefixCacheTest {

  private static final int BLOCK = 16;

  /** A 10 ms step, 0.1 ms per prompt token, no overheads, a roomy batch. */
  private static CapacityModel model(long kvTokens, SchedulerKind scheduler) {
    return new CapacityModel(8, kvTokens, 10_000, 0, 1.0, 0, 100, 0, true, 0, 0, 0)
        .withScheduling(new SchedulingPolicy(scheduler, 2048, true, BLOCK));
  }

  /** Token ids: the first {@code shared} the same for every prompt, the rest {@code own}. */
  private static EngineRequest prompt(int tokens, int shared, int own, int output) {
    int[] ids = new int[tokens];
    for (int i = 0; i < tokens; i++) ids[i] = i < shared ? i : own;
    return new EngineRequest(tokens, output, output, PromptBlocks.hashes(ids, BLOCK));
  }

  /** Runs one request alone to its end; returns its TTFT in ms. */
  private static double runAlone(ContinuousBatchingEngine engine, EngineRequest request) {
    engine.submit(request);
    long t = 0;
    long[] first = {-1};
    while (!engine.isIdle()) {
      t = engine.beginIteration(t);
      final long end = t;
      engine.completeIteration(end, (r, time, last) -> first[0] = first[0] < 0 ? time : first[0]);
    }
    return first[0] / 1e6;
  }

  @Test
  void hitsAndQueriesAreCountedInTokensAsVllmDoes() {
    for (SchedulerKind scheduler : SchedulerKind.values()) {
      ContinuousBatchingEngine engine = new ContinuousBatchingEngine(model(100_000, scheduler));
      // five 256-token prompts, one after the other, sharing their first 230 tokens (90 %): the
      // shared prefix fills 14 whole blocks (224 tokens); block 15 mixes shared and own tokens
      List<Integer> cached = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        EngineRequest request = prompt(256, 230, 1_000 + i, 4);
        runAlone(engine, request);
        cached.add(request.cachedPromptTokens());
      }
      assertEquals(5 * 256, engine.prefixCacheQueryTokens(), scheduler + ": queries");
      assertEquals(4 * 14 * 16, engine.prefixCacheHitTokens(), scheduler + ": hits");
      assertEquals(List.of(0, 224, 224, 224, 224), cached, scheduler + ": cached_tokens");
      assertEquals(0, engine.kvInUse(), "cached blocks nobody holds are free space");
    }
  }

  @Test
  void aPromptCachedWholeStillComputesItsLastToken() {
    ContinuousBatchingEngine engine =
        new ContinuousBatchingEngine(model(100_000, SchedulerKind.CHUNKED));
    runAlone(engine, prompt(64, 64, 0, 1));
    EngineRequest again = prompt(64, 64, 0, 1);
    runAlone(engine, again);
    // 4 blocks cached, but the last token's logits are needed: 3 blocks hit, 16 tokens computed
    assertEquals(48, again.cachedPromptTokens());
  }

  @Test
  void theLeastRecentlyReleasedBlockIsEvictedFirstTailBeforeHead() {
    // a 64-token budget: prompt A (49 tokens: 3 blocks and one token) leaves 3 cached blocks; B's
    // 32 tokens need one of them back: A's tail block goes, so A again finds 2 blocks, not 3
    ContinuousBatchingEngine tight = new ContinuousBatchingEngine(model(64, SchedulerKind.CHUNKED));
    runAlone(tight, prompt(49, 49, 0, 1));
    runAlone(tight, prompt(32, 0, 7, 1));
    EngineRequest again = prompt(49, 49, 0, 1);
    runAlone(tight, again);
    assertEquals(32, again.cachedPromptTokens());

    ContinuousBatchingEngine roomy =
        new ContinuousBatchingEngine(model(1_000, SchedulerKind.CHUNKED));
    runAlone(roomy, prompt(49, 49, 0, 1));
    runAlone(roomy, prompt(32, 0, 7, 1));
    EngineRequest cachedWhole = prompt(49, 49, 0, 1);
    runAlone(roomy, cachedWhole);
    assertEquals(48, cachedWhole.cachedPromptTokens());
  }

  @Test
  void aCachedPrefixIsNotPrefilledAgain() {
    ContinuousBatchingEngine engine =
        new ContinuousBatchingEngine(model(100_000, SchedulerKind.TGI));
    // 10 ms step + 256 x 0.1 ms the first time; 10 ms + 32 x 0.1 ms with 224 tokens cached
    assertEquals(35.6, runAlone(engine, prompt(256, 230, 1, 1)), 1e-9);
    assertEquals(13.2, runAlone(engine, prompt(256, 230, 2, 1)), 1e-9);
  }

  @Test
  void ninetyPercentSharedPrefixCutsTtftToAThirdOrLess() {
    // long prompts (8192 tokens, 90 % of them shared, as a common system prompt or document) at 8
    // streams: without sharing each prompt needs four or five 2048-token iterations, with it one
    CapacityModel vllm = CapacityModel.DEFAULT.withScheduling(SchedulingPolicy.VLLM_V1);
    CapacitySweep sweep = new CapacitySweep(vllm, 8192, 128, 2.0, 10.0, 60.0);
    CapacitySweep.Level unshared = sweep.runLevel(8);
    CapacitySweep.Level shared = sweep.withSharedPrefix(7373).runLevel(8);
    assertTrue(
        shared.ttftP50Millis() <= unshared.ttftP50Millis() / 3,
        "TTFT p50 " + shared.ttftP50Millis() + " ms shared vs " + unshared.ttftP50Millis());
    assertEquals(0, unshared.prefixCacheHitTokens());
    // every lookup but the first few finds the 460 whole shared blocks (7360 tokens)
    double hitShare = (double) shared.prefixCacheHitTokens() / shared.prefixCacheQueryTokens();
    assertTrue(hitShare > 0.85 && hitShare <= 7360.0 / 8192, "hit share " + hitShare);
  }
}
