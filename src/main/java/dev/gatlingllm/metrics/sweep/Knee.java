package dev.gatlingllm.metrics.sweep;

import dev.gatlingllm.metrics.level.Figures;
import java.util.function.ToDoubleFunction;

/**
 * The knee of the sweep (metrics.md): the first level after which doubling the load adds less than
 * the threshold of throughput while the p99 latency grows. A chat sweep weighs output tokens
 * against TTFT; a sweep of embeddings and rerank requests alone, which have neither, weighs their
 * inputs per second against their E2EL ({@link Axes}).
 *
 * @param levelIndex the knee level's position in {@code RunSummary.levels}
 * @param nextLevelIndex the level with at least twice its load it was compared with
 * @param throughputGain (next throughput / knee throughput) - 1, in the throughput of {@code axes}
 * @param latencyP99Ratio next p99 latency / knee p99 latency, in the latency of {@code axes}
 * @param axes which throughput and latency were weighed
 */
public record Knee(
    int levelIndex,
    String label,
    int nextLevelIndex,
    String nextLabel,
    double throughputGain,
    double latencyP99Ratio,
    Axes axes) {

  /** The throughput and the latency a knee weighs. */
  public enum Axes {
    /** Output tok/s against the p99 TTFT: a generation sweep. */
    OUTPUT_TOKENS_AND_TTFT(
        "output throughput",
        "TTFT",
        f -> f.throughput().outputThroughput(),
        f -> f.latency().ttft().p99()),
    /** Inputs/s against the p99 E2EL: a sweep of embeddings and rerank requests alone. */
    INPUTS_AND_E2EL(
        "inputs/s", "E2EL", f -> f.pooled().inputsPerSecond(), f -> f.pooled().e2el().p99());

    private final String throughputName;
    private final String latencyName;
    private final ToDoubleFunction<Figures> throughput;
    private final ToDoubleFunction<Figures> latencyP99;

    Axes(
        String throughputName,
        String latencyName,
        ToDoubleFunction<Figures> throughput,
        ToDoubleFunction<Figures> latencyP99) {
      this.throughputName = throughputName;
      this.latencyName = latencyName;
      this.throughput = throughput;
      this.latencyP99 = latencyP99;
    }

    /** What the throughput is, in words ("output throughput", "inputs/s"). */
    public String throughputName() {
      return throughputName;
    }

    /** Which latency ("TTFT", "E2EL"). */
    public String latencyName() {
      return latencyName;
    }

    double throughput(Figures figures) {
      return throughput.applyAsDouble(figures);
    }

    double latencyP99(Figures figures) {
      return latencyP99.applyAsDouble(figures);
    }
  }
}
