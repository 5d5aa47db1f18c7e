package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.dsl.load.CapacitySearch;
import dev.gatlingllm.dsl.load.ConcurrencySteps;
import dev.gatlingllm.dsl.load.JitWarmup;
import dev.gatlingllm.dsl.prompts.PreparedPrompts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How many prompts a ready simulation's run will feed, so that {@link PreparedPrompts} can generate
 * them before the load starts. Exact when levels are a number of requests; an estimate for levels
 * that last a duration and for open arrival rates, where the prompts a run outgrows are generated
 * in the background.
 */
public final class PlannedPrompts {
  /**
   * The per-stream output speed assumed for levels that last a duration: a fast server's (about 100
   * tokens/s per stream), so that the estimate errs on the side of preparing too many.
   */
  static final double ASSUMED_STREAM_TOKENS_PER_SECOND = 100;

  private PlannedPrompts() {}

  /**
   * The prompts of the concurrency steps these settings describe: the JIT warm-up's (an estimate:
   * its longest duration at the assumed speed), the warm-up requests and every level's, times
   * {@code promptsPerRequest} (a conversation of several turns feeds one prompt a turn). The JIT
   * warm-up comes first and consumes prompts first: counting it keeps the levels on prompts
   * prepared before the load.
   */
  public static long forSteps(WorkloadSettings settings, int promptsPerRequest) {
    return requests(settings, settings.jitWarmup(), settings.closed().levels()) * promptsPerRequest;
  }

  /**
   * The prompts of a capacity search over these settings' levels ({@link CapacitySearch}): its JIT
   * warm-up at the first level's concurrency, the warm-up requests, every coarse level, and each
   * further level the search may run ({@code levelsAtMost} in all) counted at half the highest
   * level, where its midpoints lie at the most.
   */
  public static long forSearch(WorkloadSettings settings, int levelsAtMost) {
    List<Integer> levels = new ArrayList<>(settings.closed().levels());
    int half = Math.max(1, levels.get(levels.size() - 1) / 2);
    while (levels.size() < levelsAtMost) {
      levels.add(half);
    }
    return requests(settings, settings.jitWarmup(settings.closed().levels().get(0)), levels);
  }

  private static long requests(
      WorkloadSettings settings, JitWarmup jitWarmup, List<Integer> levels) {
    ConcurrencySteps steps = settings.concurrencySteps();
    long requests = settings.warmup().requests();
    double perStreamPerSecond =
        ASSUMED_STREAM_TOKENS_PER_SECOND / settings.prompts().outputTokens();
    if (jitWarmup != null) {
      requests +=
          (long)
              Math.ceil(
                  jitWarmup.streams()
                      * (jitWarmup.maxDuration().toNanos() / 1e9)
                      * perStreamPerSecond);
    }
    for (int concurrency : levels) {
      if (steps.byDuration()) {
        requests +=
            (long)
                Math.ceil(
                    concurrency
                        * (settings.closed().levelDuration().toNanos() / 1e9)
                        * perStreamPerSecond);
      } else {
        requests += steps.requestsFor(concurrency);
      }
    }
    return requests;
  }

  /**
   * The prompts of open arrival rates, each lasting {@code levelDuration}: the expected arrivals,
   * plus three standard deviations of a Poisson count so that randomized arrivals rarely outgrow
   * them.
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
