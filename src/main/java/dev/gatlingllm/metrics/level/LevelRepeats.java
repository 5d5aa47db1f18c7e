package dev.gatlingllm.metrics.level;

import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.stats.MeanInterval;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A level run several times ({@code llm.repeats}): each of its figures below as the mean of its
 * runs with a 95 % interval ({@link MeanInterval}), each run's figure computed over that run's own
 * requests and busy span exactly as the level's (metrics.md, "Repeats"). The level's own figures
 * stay those of every run's requests together.
 *
 * @param runs the figures of each run, in order
 * @param outputThroughput output tok/s
 * @param requestGoodput good requests per second
 * @param goodFraction good / requests
 * @param errorRate failed / requests
 * @param ttftP50 TTFT p50 in ms
 * @param ttftP99 TTFT p99 in ms
 * @param tpotP50 TPOT p50 in ms
 * @param tpotP99 TPOT p99 in ms
 * @param itlP50 ITL p50 in ms
 * @param itlP99 ITL p99 in ms
 * @param e2elP50 E2EL p50 in ms
 * @param e2elP99 E2EL p99 in ms
 */
public record LevelRepeats(
    List<Figures> runs,
    MeanInterval outputThroughput,
    MeanInterval requestGoodput,
    MeanInterval goodFraction,
    MeanInterval errorRate,
    MeanInterval ttftP50,
    MeanInterval ttftP99,
    MeanInterval tpotP50,
    MeanInterval tpotP99,
    MeanInterval itlP50,
    MeanInterval itlP99,
    MeanInterval e2elP50,
    MeanInterval e2elP99) {

  /** A level that ran once. */
  public static final LevelRepeats NONE = of(List.of());

  public LevelRepeats {
    runs = List.copyOf(runs);
  }

  /** The intervals of these runs' figures. */
  public static LevelRepeats of(List<Figures> runs) {
    return new LevelRepeats(
        runs,
        across(runs, f -> f.throughput().outputThroughput()),
        across(runs, f -> f.throughput().requestGoodput()),
        across(runs, f -> f.counts().requests() == 0 ? Double.NaN : f.counts().goodFraction()),
        across(
            runs,
            f ->
                f.counts().requests() == 0
                    ? Double.NaN
                    : (double) f.counts().failed() / f.counts().requests()),
        across(runs, f -> p50(f.latency().ttft())),
        across(runs, f -> p99(f.latency().ttft())),
        across(runs, f -> p50(f.latency().tpot())),
        across(runs, f -> p99(f.latency().tpot())),
        across(runs, f -> p50(f.latency().itl())),
        across(runs, f -> p99(f.latency().itl())),
        across(runs, f -> p50(f.latency().e2el())),
        across(runs, f -> p99(f.latency().e2el())));
  }

  /** True when the level ran more than once. */
  public boolean repeated() {
    return runs.size() > 1;
  }

  private static MeanInterval across(List<Figures> runs, ToDoubleFunction<Figures> figure) {
    return MeanInterval.of(runs.stream().mapToDouble(figure).toArray());
  }

  private static double p50(Distribution distribution) {
    return distribution.orNaNWhenEmpty().p50();
  }

  private static double p99(Distribution distribution) {
    return distribution.orNaNWhenEmpty().p99();
  }
}
