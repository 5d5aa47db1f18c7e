package dev.gatlingllm.run;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import java.time.Duration;

/**
 * What the run's reporter needs to know of the protocol: what the report measures, what was tested,
 * and whether to write it at all.
 *
 * @param report what the LLM report measures (levels, SLOs, target, prices); its run start is set
 *     when the run starts
 * @param model the model name, or null
 * @param endpoint the request path
 * @param reportEnabled whether the run writes the {@code llm/} report
 * @param eventLoopProbeInterval how often the client's event loops are probed for delay; zero for
 *     never
 * @param detailedResults whether summary.json gets the per-request arrays (vLLM's detailed result)
 * @param serverMetricsUrl the server's Prometheus metrics page, read during the run, or null
 * @param baseline the run this one is compared with when it ends, or null
 */
public record RunPlan(
    RunConfig report,
    String model,
    String endpoint,
    boolean reportEnabled,
    Duration eventLoopProbeInterval,
    boolean detailedResults,
    String serverMetricsUrl,
    BaselinePlan baseline) {

  /** A plan without the per-request arrays and without the server's metrics. */
  public RunPlan(
      RunConfig report,
      String model,
      String endpoint,
      boolean reportEnabled,
      Duration eventLoopProbeInterval) {
    this(report, model, endpoint, reportEnabled, eventLoopProbeInterval, false, null, null);
  }
}
