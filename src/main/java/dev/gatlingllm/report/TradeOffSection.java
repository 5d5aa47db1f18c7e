package dev.gatlingllm.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.List;

/**
 * The trade-off serving teams read first: each level's output tok/s (what the server delivers)
 * against its per-stream output tok/s (what each user gets, the interactivity), a point per level,
 * as vLLM's {@code bench sweep} Pareto plot draws it. The page draws the points ({@code
 * chart-tradeoff}, page.js) with a table of the same points under the charts; summary.json carries
 * them ({@code tradeoff}) for a dashboard. Shown for a sweep of two levels or more. With the
 * endpoint's GPUs said ({@code llm.gpus}), the output tok/s per GPU too, the chart's y. Not on the
 * page of a run of embeddings and rerank requests alone, which has no output tokens to trade.
 */
final class TradeOffSection {
  private TradeOffSection() {}

  static boolean shown(RunSummary summary) {
    return !PooledInputsSection.poolingOnly(summary)
        && summary.levels().stream().filter(level -> level.level().load() > 0).count() >= 2;
  }

  /** The levels in load order, as the chart's line joins them. */
  private static List<Integer> points(RunSummary summary) {
    return SweepAnalysis.byLoad(summary.levels()).stream()
        .filter(i -> summary.levels().get(i).level().load() > 0)
        .toList();
  }

  private static String role(RunSummary summary, int index) {
    boolean capacity = summary.capacity() != null && summary.capacity().levelIndex() == index;
    boolean knee = summary.knee() != null && summary.knee().levelIndex() == index;
    return capacity && knee ? "capacity, knee" : capacity ? "capacity" : knee ? "knee" : "";
  }

  static void table(StringBuilder page, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    int gpus = summary.config().gpus();
    page.append(
        "<section>\n<h2>Trade-off</h2>\n<table id=\"tradeoff\"><thead><tr><th>level</th>"
            + "<th>per-stream tok/s</th><th>output tok/s</th>"
            + (gpus > 0 ? "<th>output tok/s per GPU</th>" : "")
            + "<th>meets the target</th><th></th></tr></thead><tbody>\n");
    for (int i : points(summary)) {
      LevelFigures level = summary.levels().get(i);
      page.append("<tr><td>")
          .append(Html.escape(level.level().label()))
          .append("</td><td class=\"num\">")
          .append(Numbers.number(level.figures().throughput().perStreamTokensPerSecond(), 1))
          .append("</td><td class=\"num\">")
          .append(Numbers.number(level.figures().throughput().outputThroughput(), 1))
          .append("</td><td")
          .append(gpus > 0 ? " class=\"num\">" : ">")
          .append(
              gpus > 0
                  ? Numbers.number(level.figures().throughput().outputThroughput() / gpus, 1)
                      + "</td><td>"
                  : "")
          .append(level.meetsTarget() ? "yes" : "no")
          .append("</td><td>")
          .append(role(summary, i))
          .append("</td></tr>\n");
    }
    page.append(
        "</tbody></table>\n<p class=\"note\">Up and to the right is better: each level trades"
            + " per-user speed for total throughput. The target: "
            + Html.escape(summary.config().target().describe())
            + ".</p>\n</section>\n");
  }

  /** summary.json's {@code tradeoff}: the same points, in load order. */
  static void json(ObjectNode root, RunSummary summary) {
    ArrayNode points = root.putArray("tradeoff");
    for (int i : points(summary)) {
      LevelFigures level = summary.levels().get(i);
      ObjectNode point = points.addObject();
      point.put("level", level.level().label());
      point.put("level_index", i);
      Json.put(
          point,
          "per_stream_output_throughput",
          level.figures().throughput().perStreamTokensPerSecond());
      Json.put(point, "output_throughput", level.figures().throughput().outputThroughput());
      if (summary.config().gpus() > 0) {
        Json.put(
            point,
            "output_throughput_per_gpu",
            level.figures().throughput().outputThroughput() / summary.config().gpus());
      }
      point.put("meets_target", level.meetsTarget());
      point.put("capacity", summary.capacity() != null && summary.capacity().levelIndex() == i);
      point.put("knee", summary.knee() != null && summary.knee().levelIndex() == i);
    }
  }
}
