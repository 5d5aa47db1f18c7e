package dev.gatlingllm.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.stats.HistogramBin;
import dev.gatlingllm.metrics.stats.PerSecondSeries;
import dev.gatlingllm.metrics.stats.PercentilePoint;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.io.UncheckedIOException;

/**
 * What the page's charts draw (page.js), inlined in the page as one line of JSON: the timeline, the
 * levels in load order, the lines the trade-off and TTFT charts draw, the distributions and the
 * percentile curves.
 */
final class ChartData {
  private ChartData() {}

  static String json(RunSummary summary) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    timeline(root.putObject("timeline"), summary);
    if (summary.server() != null) {
      ServerMetricsReport.chartData(root, summary.server(), summary.config().runStartEpochMillis());
    }
    levels(root.putArray("levels"), summary);
    Json.put(root, "sloTtftMs", summary.config().slos().ttftMs());
    if (summary.config().gpus() > 0) {
      // The trade-off chart's y: output tok/s per GPU (its break-even line likewise).
      root.put("gpus", summary.config().gpus());
    }
    if (summary.cost() != null && !Double.isNaN(summary.cost().breakEvenTokensPerSecond())) {
      // The trade-off chart draws it: levels above the line cost less than the API.
      root.put("breakEvenTokensPerSecond", summary.cost().breakEvenTokensPerSecond());
    }
    AttainmentTarget target = summary.config().target();
    if (target.kind() == AttainmentTarget.Kind.PERCENTILE_AT_MOST
        && target.metric() == AttainmentTarget.Metric.TTFT) {
      root.put("targetTtftMs", target.limit());
      root.put("targetLabel", target.describe());
    }
    distributions(root.putObject("distributions"), summary);
    percentiles(root.putObject("percentiles"), summary);
    try {
      return Json.MAPPER
          .writer()
          .withoutFeatures(SerializationFeature.INDENT_OUTPUT)
          .writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Per-second output tok/s (for a run of embeddings and rerank requests alone, which generates no
   * output token, inputs/s instead) and streams in flight; runs longer than {@link
   * PageAssets#MAX_TIME_POINTS} seconds are averaged over steps of several seconds so that the page
   * stays light.
   */
  private static void timeline(ObjectNode node, RunSummary summary) {
    PerSecondSeries series = summary.timeline();
    int step =
        Math.max(
            1, (series.seconds() + PageAssets.MAX_TIME_POINTS - 1) / PageAssets.MAX_TIME_POINTS);
    node.put(
        "offsetSeconds",
        series.startEpochSecond() - Math.floorDiv(summary.config().runStartEpochMillis(), 1000));
    node.put("stepSeconds", step);
    // What ran before the first level (the JIT warm-up, its requests in no figure) is shaded, so
    // that its load is not read as the test's.
    if (!summary.levels().isEmpty()) {
      double firstLevelSeconds =
          (summary.levels().get(0).level().window().startMillis()
                  - summary.config().runStartEpochMillis())
              / 1000.0;
      if (firstLevelSeconds >= 1) {
        node.put("warmupEndSeconds", firstLevelSeconds);
      }
    }
    if (PooledInputsSection.poolingOnly(summary)) {
      // The page draws these in place of an output tok/s line that would stay at 0.
      averaged(node.putArray("pooledInputs"), toDoubles(series.pooledInputs()), step);
    } else {
      averaged(node.putArray("outputTokens"), toDoubles(series.outputTokens()), step);
    }
    averaged(node.putArray("activeStreams"), series.activeStreams(), step);
  }

  /** The mean of each step of {@code perSecond}, to three decimals. */
  private static void averaged(ArrayNode out, double[] perSecond, int step) {
    for (int from = 0; from < perSecond.length; from += step) {
      int to = Math.min(perSecond.length, from + step);
      double sum = 0;
      for (int i = from; i < to; i++) {
        sum += perSecond[i];
      }
      out.add(Math.round(1000.0 * sum / (to - from)) / 1000.0);
    }
  }

  private static double[] toDoubles(long[] counts) {
    double[] values = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      values[i] = counts[i];
    }
    return values;
  }

  /** A point per level, in load order, for the charts against load and the trade-off. */
  private static void levels(ArrayNode levels, RunSummary summary) {
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      ObjectNode node = levels.addObject();
      node.put("label", level.level().label());
      node.put("load", level.level().load());
      node.put("closed", level.level().window().concurrency() > 0);
      Json.put(node, "outputThroughput", level.figures().throughput().outputThroughput());
      Json.put(node, "perStream", level.figures().throughput().perStreamTokensPerSecond());
      Json.put(node, "ttftP50", level.figures().latency().ttft().p50());
      Json.put(node, "ttftP99", level.figures().latency().ttft().p99());
      if (!level.figures().pooled().none()) {
        // The embeddings and rerank requests' own: the page's chart of a pooling-only run.
        Json.put(node, "inputsPerSecond", level.figures().pooled().inputsPerSecond());
        Json.put(node, "pooledE2elP99", level.figures().pooled().e2el().orNaNWhenEmpty().p99());
      }
      node.put("meetsTarget", level.meetsTarget());
      node.put("capacity", summary.capacity() != null && summary.capacity().levelIndex() == i);
      node.put("knee", summary.knee() != null && summary.knee().levelIndex() == i);
    }
  }

  /** Each distribution's bins, as [from ms, to ms, count]. */
  private static void distributions(ObjectNode node, RunSummary summary) {
    summary
        .distributions()
        .forEach(
            (name, bins) -> {
              ArrayNode array = node.putArray(name);
              for (HistogramBin bin : bins) {
                array.addArray().add(bin.fromMs()).add(bin.toMs()).add(bin.count());
              }
            });
  }

  /** Each latency's curve, as [percentile, ms] points. */
  private static void percentiles(ObjectNode node, RunSummary summary) {
    summary
        .percentileCurves()
        .forEach(
            (name, points) -> {
              ArrayNode array = node.putArray(name);
              for (PercentilePoint point : points) {
                array.addArray().add(point.percentile()).add(point.ms());
              }
            });
  }
}
