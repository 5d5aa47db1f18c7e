package dev.gatlingllm.dsl.prompts;

import java.util.SplittableRandom;

/**
 * Output lengths drawn per request, uniform in [M(1-r), M(1+r)] as {@code vllm bench serve}'s
 * random dataset draws them with {@code --random-range-ratio}: each request asks for its own {@code
 * max_tokens} (with ignore_eos, it gets exactly that many). Their draws are seeded apart from the
 * prompts' own, so that turning a range on leaves the prompts of a seed as they were.
 */
public final class OutputLengths {
  /** Mixed into the seed: the outputs' stream of draws is not the prompts'. */
  private static final long SEED_SALT = 0x6f75747075747321L;

  private final LengthRange range;
  private final SplittableRandom random;

  /**
   * @param outputTokens M, the mean output length, at least 1
   * @param rangeRatio r in [0, 1)
   * @param seed the run's seed
   */
  public OutputLengths(int outputTokens, double rangeRatio, long seed) {
    if (outputTokens < 1) {
      throw new IllegalArgumentException("output tokens must be >= 1, was " + outputTokens);
    }
    if (rangeRatio < 0 || rangeRatio >= 1 || Double.isNaN(rangeRatio)) {
      throw new IllegalArgumentException("range ratio must be in [0, 1), was " + rangeRatio);
    }
    this.range = LengthRange.around(outputTokens, rangeRatio);
    this.random = new SplittableRandom(seed ^ SEED_SALT);
  }

  /** The next request's output length. */
  public synchronized int next() {
    return range.draw(random);
  }

  public int shortest() {
    return range.shortest();
  }

  public int longest() {
    return range.longest();
  }
}
