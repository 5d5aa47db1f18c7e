package dev.gatlingllm.workload;

import java.time.Duration;
import java.util.List;

/**
 * How many prompts a ready simulation's run will feed, so that {@link PreparedPrompts} can generate them before
 * the load starts. Exact when levels are a number of requests; an estimate for levels that last a duration
 * and for open arrival rates, where the prompts a run outgrows are generated in the background.
 */
public final class PlannedPrompts {
  /**
   * The per-stream output speed assumed for levels that last a duration: a fast server's (about 100 tokens/s per
   * stream), so that the estimate errs on the side of preparing too many.
   */
  static final double ASSUMED_STREAM_TOKENS_PER_SECOND = 100;

  private PlannedPrompts() {}

  /**
   * The prompts of the concurrency steps these settings describe: the JIT warm-up's (an estimate: its longest
   * duration at the assumed speed), the warm-up requests and every level's, times {@code promptsPerRequest} (a
   * conversation of several turns feeds one prompt a turn). The JIT warm-up comes first and consumes prompts
   * first: counting it keeps the levels on prompts prepared before the load.
   */
  public static long forSteps(WorkloadSettings settings, int promptsPerRequest) {
    ConcurrencySteps steps = settings.concurrencySteps();
    long requests = settings.warmupRequests();
    double perStreamPerSecond = ASSUMED_STREAM_TOKENS_PER_SECOND / settings.outputTokens();
    JitWarmup jitWarmup = settings.jitWarmup();
    if (jitWarmup != null) {
      requests += (long) Math.ceil(jitWarmup.streams() * (jitWarmup.maxDuration().toNanos() / 1e9) * perStreamPerSecond);
    }
    if (steps.byDuration()) {
      double seconds = settings.levelDuration().toNanos() / 1e9;
      for (int concurrency : steps.levels()) {
        requests += (long) Math.ceil(concurrency * seconds * perStreamPerSecond);
      }
    } else {
      for (int i = 0; i < steps.levels().size(); i++) {
        requests += steps.requestsAt(i);
      }
    }
    return requests * promptsPerRequest;
  }

  /**
   * The prompts of open arrival rates, each lasting {@code levelDuration}: the expected arrivals, plus three
   * standard deviations of a Poisson count so that randomized arrivals rarely outgrow them.
   */
  public static long forOpenRates(List<Double> rates, Duration levelDuration) {
    double seconds = levelDuration.toNanos() / 1e9;
    long prompts = 0;
    for (double rate : rates) {
      double expected = rate * seconds;
      prompts += (long) Math.ceil(expected + 3 * Math.sqrt(expected));
    }
    return prompts;
  }
}
