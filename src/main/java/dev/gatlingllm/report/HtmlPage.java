package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.number;
import static dev.gatlingllm.report.Numbers.percent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.health.ClientHealth;
import dev.gatlingllm.metrics.level.Arrivals;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.ServerTimes;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.stats.HistogramBin;
import dev.gatlingllm.metrics.stats.PercentilePoint;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.CostFigures;
import dev.gatlingllm.metrics.sweep.Knee;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code index.html}: one self-contained page (Chart.js inlined, data inlined as JSON) that works
 * offline. The tables are rendered here, so they read without JavaScript; the charts draw from the
 * inlined data. Every string that comes from outside (model, endpoint, server error messages,
 * metadata) is HTML-escaped.
 */
final class HtmlPage {
  private HtmlPage() {}

  /**
   * @param gatlingIndexLink the relative link to Gatling's report, or null
   */
  static String render(RunSummary summary, String gatlingIndexLink) {
    RunConfig config = summary.config();
    Figures run = summary.run();
    StringBuilder page = new StringBuilder(300_000);
    page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>LLM report")
        .append(config.model() == null ? "" : " - " + Html.escape(config.model()))
        .append("</title>\n<style>\n")
        .append(PageAssets.style())
        .append("</style>\n</head>\n<body>\n<header>\n<h1>LLM report</h1>\n<p class=\"meta\">");
    if (config.model() != null) {
      page.append("model <b>").append(Html.escape(config.model())).append("</b> &middot; ");
    }
    if (config.endpoint() != null) {
      page.append("endpoint <code>")
          .append(Html.escape(config.endpoint()))
          .append("</code> &middot; ");
    }
    page.append("started ").append(Instant.ofEpochMilli(config.runStartEpochMillis()));
    if (config.toolVersion() != null) {
      page.append(" &middot; gatling-llm ").append(Html.escape(config.toolVersion()));
    }
    page.append("</p>\n");
    if (summary.interrupted()) {
      page.append("<p id=\"interrupted\" class=\"warning\">Run ")
          .append(Html.escape(summary.interruption()))
          .append(": the figures cover the run up to the stop.</p>\n");
    }
    if (gatlingIndexLink != null) {
      page.append("<p><a id=\"gatling-link\" href=\"")
          .append(Html.escape(gatlingIndexLink))
          .append("\">&larr; Gatling report</a></p>\n");
    }
    page.append("</header>\n<main>\n");

    keyFigures(page, summary);
    verdict(page, summary);
    sweepTable(page, summary);
    RequestNamesSection.html(page, summary);
    LengthsAndRatesSection.append(page, summary);
    charts(page, summary);
    TradeOffSection.table(page, summary);
    errors(page, run.counts().errors());
    metadata(page, config.metadata());
    definitions(page);

    page.append("<details class=\"licence\"><summary>Chart.js ")
        .append(ChartLibrary.VERSION)
        .append(" licence</summary><pre>")
        .append(Html.escape(ChartLibrary.license()))
        .append("</pre></details>\n")
        .append("</main>\n<script type=\"application/json\" id=\"llm-data\">")
        .append(Html.scriptSafeJson(data(summary)))
        .append("</script>\n<script>\n")
        .append(ChartLibrary.script())
        .append("\n</script>\n<script>\n")
        .append(PageAssets.script())
        .append("</script>\n</body>\n</html>\n");
    return page.toString();
  }

  private static void keyFigures(StringBuilder page, RunSummary summary) {
    Figures run = summary.run();
    page.append("<section>\n<h2>Run</h2>\n<div class=\"cards\">\n");
    if (summary.interrupted()) {
      card(
          page,
          "completed / failed / aborted",
          run.counts().completed()
              + " / "
              + run.counts().failed()
              + " / "
              + summary.abortedRequests());
    } else {
      card(page, "completed / failed", run.counts().completed() + " / " + run.counts().failed());
    }
    card(page, "output tok/s", number(run.throughput().outputThroughput(), 1));
    card(page, "total (input + output) tok/s", number(run.throughput().totalTokenThroughput(), 1));
    card(page, "per-stream output tok/s", measured(Numbers.perStream(run), 1));
    card(page, "requests/s", number(run.throughput().requestThroughput(), 2));
    Distribution ttft = run.latency().ttft().orNaNWhenEmpty();
    Distribution tpot = run.latency().tpot().orNaNWhenEmpty();
    Distribution itl = run.latency().itl().orNaNWhenEmpty();
    card(page, "TTFT p50 / p99 ms", measured(ttft.p50(), 1) + " / " + measured(ttft.p99(), 1));
    card(page, "TPOT p50 / p99 ms", measured(tpot.p50(), 2) + " / " + measured(tpot.p99(), 2));
    card(page, "ITL p50 / p99 ms", measured(itl.p50(), 2) + " / " + measured(itl.p99(), 2));
    card(page, "goodput req/s", number(run.throughput().requestGoodput(), 2));
    card(page, "good fraction", percent(run.counts().goodFraction()));
    page.append("</div>\n<p class=\"note\">Measured over ")
        .append(number(run.windowSeconds(), 1))
        .append(" s of measurement windows; ")
        .append(summary.excludedRequests())
        .append(
            " requests started outside them (warm-up, settle time) are left out. Output tokens counted by: ")
        .append(Html.escape(run.tokens().mainOutputTokenSource().label()));
    if (run.untrusted().total() > 0) {
      page.append("; untrusted streams: ")
          .append(run.untrusted().usageIgnored())
          .append(" usage ignored, ")
          .append(run.untrusted().itlCapped())
          .append(" ITL capped, ")
          .append(run.untrusted().outputCut())
          .append(" output cut");
    }
    if (run.tokens().mismatch().requests() > 0) {
      page.append("; server vs client count mismatch ")
          .append(run.tokens().mismatch().absoluteDifference())
          .append(" tokens (")
          .append(number(run.tokens().mismatch().percent(), 2))
          .append(" %) over ")
          .append(run.tokens().mismatch().requests())
          .append(" requests");
    }
    page.append(". SLOs: ")
        .append(Html.escape(summary.config().slos().describe()))
        .append(". Send lateness p99 ")
        .append(number(run.latency().sendLateness().p99(), 2))
        .append(" ms.</p>\n</section>\n");
  }

  private static void card(StringBuilder page, String label, String value) {
    page.append("<div class=\"card\"><div class=\"value\">")
        .append(Html.escape(value))
        .append("</div><div class=\"label\">")
        .append(Html.escape(label))
        .append("</div></div>\n");
  }

  private static void verdict(StringBuilder page, RunSummary summary) {
    page.append("<section>\n<h2>Capacity</h2>\n<ul class=\"verdict\">\n<li id=\"capacity\">");
    Capacity capacity = summary.capacity();
    String target = Html.escape(summary.config().target().describe());
    if (!CapacityStory.searched(summary)) {
      page.append("No capacity search: one load level ran.");
    } else if (capacity == null) {
      page.append("No tested level meets the target (").append(target).append(").");
    } else {
      page.append("Sustainable capacity (")
          .append(target)
          .append("): <b>")
          .append(Html.escape(capacity.label()))
          .append("</b>, ")
          .append(number(capacity.outputThroughput(), 1))
          .append(" output tok/s (")
          .append(number(100 * capacity.shareOfPeak(), 0))
          .append(" % of the peak), ")
          .append(number(capacity.perStreamTokensPerSecond(), 1))
          .append(" tok/s per stream, TTFT p50 ")
          .append(number(capacity.ttftP50Ms(), 1))
          .append(" ms, p99 ")
          .append(number(capacity.ttftP99Ms(), 1))
          .append(" ms.");
    }
    page.append("</li>\n<li id=\"capacity-story\">")
        .append(Html.escape(CapacityStory.explain(summary)))
        .append("</li>\n");
    Knee knee = summary.knee();
    if (knee != null) {
      page.append("<li id=\"knee\">Knee: <b>")
          .append(Html.escape(knee.label()))
          .append("</b>; going to ")
          .append(Html.escape(knee.nextLabel()))
          .append(" adds ")
          .append(number(100 * knee.throughputGain(), 1))
          .append(" % output throughput for ")
          .append(number(knee.ttftP99Ratio(), 2))
          .append("x the p99 TTFT.</li>\n");
    }
    CostFigures cost = summary.cost();
    if (cost != null && Double.isNaN(cost.pricePerMillionOutputTokens())) {
      // The hourly price alone: what the output costs, no API to compare with.
      page.append("<li id=\"cost\">Cost: at ")
          .append(number(cost.pricePerHour(), 2))
          .append("/h, ")
          .append(
              Double.isNaN(cost.costPerMillionAtCapacity())
                  ? "no level met the target, so no cost at capacity; each level's is in the table"
                  : "a million output tokens cost <b>"
                      + number(cost.costPerMillionAtCapacity(), 3)
                      + "</b> at capacity; each level's is in the table")
          .append(".</li>\n");
    } else if (cost != null) {
      page.append("<li id=\"cost\">Cost: at ")
          .append(number(cost.pricePerHour(), 2))
          .append("/h against ")
          .append(number(cost.pricePerMillionOutputTokens(), 2))
          .append(" per million output tokens, self-hosting breaks even at <b>")
          .append(number(cost.breakEvenTokensPerSecond(), 0))
          .append(" output tok/s</b>");
      if (!Double.isNaN(cost.costPerMillionAtCapacity())) {
        page.append("; at capacity a million output tokens cost ")
            .append(number(cost.costPerMillionAtCapacity(), 3));
        if (cost.requiredUtilisation() <= 1) {
          page.append(", and the deployment must run at capacity ")
              .append(number(100 * cost.requiredUtilisation(), 0))
              .append(" % of the time to win");
        } else {
          page.append(", more than the API's ")
              .append(number(cost.pricePerMillionOutputTokens(), 2))
              .append(": at capacity the deployment costs more than the API, even fully used");
        }
      }
      page.append(".</li>\n");
    }
    for (String warning : ClientHealth.warnings(summary)) {
      page.append("<li class=\"warning\">Warning: ")
          .append(Html.escape(warning))
          .append(".</li>\n");
    }
    page.append("</ul>\n</section>\n");
  }

  private static void sweepTable(StringBuilder page, RunSummary summary) {
    boolean cost = summary.cost() != null;
    page.append(
            "<section>\n<h2>Levels</h2>\n<table id=\"sweep\">\n<thead><tr><th>level</th><th>requests</th>")
        .append("<th>failed</th><th>per-stream tok/s</th><th>output tok/s</th><th>total tok/s</th>")
        .append("<th>TTFT p50 ms</th><th>TTFT p99 ms</th><th>TPOT p50 ms</th><th>ITL p99 ms</th>")
        .append("<th>good fraction</th><th>target</th><th>client loop delay p99 ms</th>")
        .append("<th>untrusted: usage ignored / ITL capped / output cut</th>");
    if (cost) {
      page.append("<th>cost / M output</th>");
    }
    List<LevelFigures> levels = summary.levels();
    boolean openModel = levels.stream().anyMatch(level -> level.level().window().isOpenModel());
    if (openModel) {
      page.append("<th>req/s arrived / sent / completed</th><th>TTFT p99 ms from arrival</th>");
    }
    // The server's own times, beside the client's figures, only for servers that give them (Ollama,
    // llama.cpp).
    boolean serverDecode =
        levels.stream().anyMatch(level -> level.figures().serverTimes().decodeStreams() > 0);
    boolean serverPrefill =
        levels.stream().anyMatch(level -> level.figures().serverTimes().prefillStreams() > 0);
    if (serverDecode) {
      page.append("<th>server decode tok/s</th>");
    }
    if (serverPrefill) {
      page.append("<th>server prefill mean ms</th>");
    }
    if (summary.server() != null) {
      page.append(ServerMetricsReport.TABLE_HEADERS);
    }
    page.append("</tr></thead>\n<tbody>\n");
    for (int i : SweepAnalysis.byLoad(levels)) {
      LevelFigures level = levels.get(i);
      Figures f = level.figures();
      Distribution ttft = f.latency().ttft().orNaNWhenEmpty();
      boolean isCapacity = summary.capacity() != null && summary.capacity().levelIndex() == i;
      boolean isKnee = summary.knee() != null && summary.knee().levelIndex() == i;
      page.append("<tr")
          .append(isCapacity ? " class=\"capacity\"" : "")
          .append(">")
          .append("<td>")
          .append(Html.escape(level.level().label()))
          .append(isCapacity ? " <span class=\"tag\">&#9733; capacity</span>" : "")
          .append(isKnee ? " <span class=\"tag knee\">knee</span>" : "")
          .append("</td>")
          .append(cell(Long.toString(f.counts().requests())))
          .append(cell(Long.toString(f.counts().failed())))
          .append(cell(measured(Numbers.perStream(f), 1)))
          .append(cell(number(f.throughput().outputThroughput(), 1)))
          .append(cell(number(f.throughput().totalTokenThroughput(), 1)))
          .append(cell(measured(ttft.p50(), 1)))
          .append(cell(measured(ttft.p99(), 1)))
          .append(cell(measured(f.latency().tpot().orNaNWhenEmpty().p50(), 2)))
          .append(cell(measured(f.latency().itl().orNaNWhenEmpty().p99(), 2)))
          .append(cell(percent(f.counts().goodFraction())))
          .append(cell(level.meetsTarget() ? "met" : "missed"))
          .append(cell(f.eventLoopDelay().count() == 0 ? "-" : number(f.eventLoopDelay().p99(), 2)))
          .append(
              cell(
                  f.untrusted().usageIgnored()
                      + " / "
                      + f.untrusted().itlCapped()
                      + " / "
                      + f.untrusted().outputCut()));
      if (cost) {
        page.append(cell(number(level.costPerMillionOutputTokens(), 3)));
      }
      if (openModel) {
        boolean open = level.level().window().isOpenModel();
        page.append(
            cell(
                !open
                    ? "-"
                    : number(f.arrivals().arrivalRate(), 2)
                        + " / "
                        + number(f.arrivals().achievedRequestRate(), 2)
                        + " / "
                        + number(f.throughput().requestThroughput(), 2)
                        + (level.keepsOfferedRate() ? "" : " (rate not kept)")));
        page.append(cell(open ? number(f.latency().ttftFromScheduled().p99(), 1) : "-"));
      }
      ServerTimes times = f.serverTimes();
      if (serverDecode) {
        page.append(
            cell(times.decodeStreams() == 0 ? "-" : number(times.decodeTokensPerSecond(), 1)));
      }
      if (serverPrefill) {
        page.append(cell(times.prefillStreams() == 0 ? "-" : number(times.meanPrefillMillis(), 1)));
      }
      if (summary.server() != null && i < summary.server().levels().size()) {
        page.append(ServerMetricsReport.tableCells(summary.server().levels().get(i), f));
      }
      page.append("</tr>\n");
    }
    page.append(
            "</tbody>\n</table>\n<p class=\"note\">Output tok/s counts the output tokens that arrived in the ")
        .append(
            "level's measurement window; total adds the input tokens of the requests started in it. ")
        .append("Target: ")
        .append(Html.escape(summary.config().target().describe()))
        .append(
            ". Client loop delay: how late the client's event loops ran during the level, a bound on what the ")
        .append(
            "client itself added to its TTFT and ITL. Untrusted: requests whose server token count was ")
        .append("implausible and ignored, whose inter-token gaps past the first ")
        .append(RequestTimeline.MAX_KEPT_GAPS)
        .append(" are not in the ITL figures, ")
        .append("or whose output was cut at maxOutputBytes (KO).")
        .append(
            openModel
                ? " Open-model levels (a request rate) judge their SLOs on TTFT and E2EL from each "
                    + "request's arrival; a level whose sends fell below "
                    + Math.round(100 * Arrivals.KEEP_UP_SHARE)
                    + " % of its arrival rate did not keep its rate and is never the capacity."
                : "")
        .append(
            serverDecode || serverPrefill
                ? " Server decode and prefill: the server's own times, as it reported "
                    + "them for each stream (a part of each TTFT for the prefill)."
                : "")
        .append(
            summary.server() == null
                ? ""
                : Html.escape(ServerMetricsReport.tableNote(summary.server())))
        .append("</p>\n</section>\n");
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }

  private static void charts(StringBuilder page, RunSummary summary) {
    page.append("<section>\n<h2>Charts</h2>\n<div class=\"charts\">\n");
    chart(page, "chart-timeline", "Output tok/s and streams in flight over time");
    if (summary.server() != null) {
      chart(
          page,
          "chart-server",
          "The server's own figures: generated tok/s, running and waiting requests");
    }
    if (summary.levels().stream().anyMatch(level -> level.level().load() > 0)) {
      chart(page, "chart-throughput", "Output and per-stream tok/s against load");
      chart(page, "chart-ttft", "TTFT p50 / p99 against load");
    }
    if (TradeOffSection.shown(summary)) {
      chart(
          page,
          "chart-tradeoff",
          "Trade-off: output tok/s against per-stream tok/s (interactivity), a point per level");
    }
    chart(page, "chart-dist-ttft", "TTFT distribution");
    chart(page, "chart-dist-tpot", "TPOT distribution");
    chart(page, "chart-dist-itl", "ITL distribution");
    chart(page, "chart-percentiles", "TTFT, TPOT and ITL by percentile (log scale)");
    page.append("</div>\n</section>\n");
  }

  private static void chart(StringBuilder page, String id, String title) {
    page.append("<figure><figcaption>")
        .append(Html.escape(title))
        .append("</figcaption><div class=\"canvas\"><canvas id=\"")
        .append(id)
        .append("\"></canvas></div></figure>\n");
  }

  private static void errors(StringBuilder page, Map<String, Long> errors) {
    if (errors.isEmpty()) {
      return;
    }
    page.append(
        "<section>\n<h2>Errors</h2>\n<table id=\"errors\"><thead><tr><th>requests</th><th>message</th></tr></thead><tbody>\n");
    errors.forEach(
        (message, count) ->
            page.append("<tr><td class=\"num\">")
                .append(count)
                .append("</td><td>")
                .append(Html.escape(message))
                .append("</td></tr>\n"));
    page.append("</tbody></table>\n</section>\n");
  }

  private static void metadata(StringBuilder page, Map<String, String> metadata) {
    if (metadata.isEmpty()) {
      return;
    }
    page.append("<section>\n<h2>Run metadata</h2>\n<table id=\"metadata\"><tbody>\n");
    metadata.forEach(
        (key, value) ->
            page.append("<tr><th>")
                .append(Html.escape(key))
                .append("</th><td>")
                .append(Html.escape(value))
                .append("</td></tr>\n"));
    page.append("</tbody></table>\n</section>\n");
  }

  private static void definitions(StringBuilder page) {
    page.append(
            "<section class=\"note\">\n<h2>Definitions</h2>\n<p>TTFT = first content-bearing event - sent; ")
        .append(
            "TPOT = (E2EL - TTFT) / (N - 1); ITL = gaps between content-bearing events, pooled over requests; ")
        .append(
            "E2EL = last content event - sent; per-stream tok/s = mean of (N - 1) / (E2EL - TTFT). ")
        .append(
            "Latencies cover successful requests; percentiles come from HDR histograms (3 significant digits), ")
        .append(
            "in ms with microsecond resolution. A request is good when it succeeded and met every SLO; the good ")
        .append(
            "fraction counts failed requests as not good. Capacity is the highest tested level that meets the ")
        .append(
            "target, not the top of the curve. Every request is in requests.csv beside this page.</p>\n</section>\n");
  }

  /** What the charts draw. */
  private static String data(RunSummary summary) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    timeline(root.putObject("timeline"), summary);
    if (summary.server() != null) {
      ServerMetricsReport.chartData(root, summary.server(), summary.config().runStartEpochMillis());
    }
    ArrayNode levels = root.putArray("levels");
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
      node.put("meetsTarget", level.meetsTarget());
      node.put("capacity", summary.capacity() != null && summary.capacity().levelIndex() == i);
      node.put("knee", summary.knee() != null && summary.knee().levelIndex() == i);
    }
    Json.put(root, "sloTtftMs", summary.config().slos().ttftMs());
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
    ObjectNode distributions = root.putObject("distributions");
    summary
        .distributions()
        .forEach(
            (name, bins) -> {
              ArrayNode array = distributions.putArray(name);
              for (HistogramBin bin : bins) {
                array.addArray().add(bin.fromMs()).add(bin.toMs()).add(bin.count());
              }
            });
    ObjectNode curves = root.putObject("percentiles");
    summary
        .percentileCurves()
        .forEach(
            (name, points) -> {
              ArrayNode array = curves.putArray(name);
              for (PercentilePoint point : points) {
                array.addArray().add(point.percentile()).add(point.ms());
              }
            });
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
   * Per-second output tok/s and streams in flight; runs longer than {@link
   * PageAssets#MAX_TIME_POINTS} seconds are averaged over steps of several seconds so that the page
   * stays light.
   */
  private static void timeline(ObjectNode node, RunSummary summary) {
    long[] tokens = summary.timeline().outputTokens();
    double[] streams = summary.timeline().activeStreams();
    int step =
        Math.max(1, (tokens.length + PageAssets.MAX_TIME_POINTS - 1) / PageAssets.MAX_TIME_POINTS);
    node.put(
        "offsetSeconds",
        summary.timeline().startEpochSecond()
            - Math.floorDiv(summary.config().runStartEpochMillis(), 1000));
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
    ArrayNode tokenRates = node.putArray("outputTokens");
    ArrayNode inFlight = node.putArray("activeStreams");
    for (int from = 0; from < tokens.length; from += step) {
      int to = Math.min(tokens.length, from + step);
      long tokenSum = 0;
      double streamSum = 0;
      for (int i = from; i < to; i++) {
        tokenSum += tokens[i];
        streamSum += streams[i];
      }
      tokenRates.add(Math.round(1000.0 * tokenSum / (to - from)) / 1000.0);
      inFlight.add(Math.round(1000.0 * streamSum / (to - from)) / 1000.0);
    }
  }

  /**
   * A client figure: "n/a" when no successful request gave it (a server's figure it lacks is "-").
   */
  private static String measured(double value, int decimals) {
    return Double.isNaN(value) ? "n/a" : number(value, decimals);
  }
}
