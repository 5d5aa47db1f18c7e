package dev.gatlingllm.dsl.agents;

import java.util.SplittableRandom;

/**
 * A distribution of whole numbers (turns, tokens, milliseconds) that generated sessions draw from,
 * seeded so that a run is repeatable: a constant, a uniform range, or a log-normal given by its
 * median and spread, as lengths and latencies of real sessions are skewed to the right.
 */
public final class Distribution {
  private final String description;
  private final Sampler sampler;
  private final long min;

  @FunctionalInterface
  private interface Sampler {
    double draw(SplittableRandom random);
  }

  private Distribution(String description, long min, Sampler sampler) {
    this.description = description;
    this.min = min;
    this.sampler = sampler;
  }

  /** Always {@code value}. */
  public static Distribution constant(long value) {
    return new Distribution(String.valueOf(value), value, random -> value);
  }

  /** Uniform over {@code [min, max]}, both included. */
  public static Distribution uniform(long min, long max) {
    if (max < min) {
      throw new IllegalArgumentException("uniform(" + min + ", " + max + "): max below min");
    }
    return new Distribution(
        "uniform(" + min + ", " + max + ")", min, random -> random.nextLong(min, max + 1));
  }

  /**
   * Log-normal with this median and {@code sigma} (the standard deviation of the logarithm; 0.5 is
   * a moderate spread, 1 a heavy tail), rounded, at least {@code min}.
   */
  public static Distribution logNormal(double median, double sigma, long min) {
    if (!(median > 0) || !(sigma >= 0)) {
      throw new IllegalArgumentException(
          "logNormal needs median > 0 and sigma >= 0, was " + median + ", " + sigma);
    }
    return new Distribution(
        "logNormal(median " + median + ", sigma " + sigma + ")",
        min,
        random -> median * Math.exp(sigma * gaussian(random)));
  }

  /** One value, at least the distribution's minimum. */
  public long sample(SplittableRandom random) {
    return Math.max(min, Math.round(sampler.draw(random)));
  }

  /** Box-Muller: SplittableRandom has no nextGaussian on Java 11 to 16. */
  private static double gaussian(SplittableRandom random) {
    double u = 1 - random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  @Override
  public String toString() {
    return description;
  }
}
