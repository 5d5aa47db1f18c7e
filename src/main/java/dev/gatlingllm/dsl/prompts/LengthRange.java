package dev.gatlingllm.dsl.prompts;

import java.util.SplittableRandom;

/**
 * Lengths in tokens uniform in [N(1-r), N(1+r)], at least 1, as {@code vllm bench serve}'s random
 * dataset draws them with {@code --random-range-ratio}: the prompts' ({@code llm.rangeRatio}) and
 * the outputs' ({@code llm.outputRangeRatio}).
 */
public record LengthRange(int shortest, int longest) {

  /** The range around {@code mean} with ratio {@code ratio}, in [0, 1). */
  public static LengthRange around(int mean, double ratio) {
    return new LengthRange(
        Math.max(1, (int) Math.floor(mean * (1 - ratio))), (int) Math.ceil(mean * (1 + ratio)));
  }

  /** One length, drawn with one call to {@code random}. */
  public int draw(SplittableRandom random) {
    return shortest + random.nextInt(longest - shortest + 1);
  }
}
