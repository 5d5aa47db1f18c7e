package dev.gatlingllm.report.compare;

/**
 * How large a change must be to count, before its bootstrap interval is asked whether it is real: a
 * throughput's relative drop, a latency percentile's relative rise, a drop of the good fraction and
 * a rise of the error rate in shares (0.05 = 5 percentage points). The defaults and why are in
 * docs/metrics.md, "Against a baseline".
 *
 * @param throughput relative drop of output tok/s or goodput (default 0.05)
 * @param latency relative rise of a latency percentile (default 0.10)
 * @param goodFraction drop of the good fraction (default 0.05)
 * @param errorRate rise of the error rate (default 0.01)
 */
public record Thresholds(double throughput, double latency, double goodFraction, double errorRate) {
  public static final Thresholds DEFAULTS = new Thresholds(0.05, 0.10, 0.05, 0.01);

  double of(ComparedFigure.Threshold kind) {
    return switch (kind) {
      case THROUGHPUT -> throughput;
      case LATENCY -> latency;
      case SHARE -> goodFraction;
      case ERRORS -> errorRate;
    };
  }
}
