package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.measured;
import static dev.gatlingllm.report.Numbers.number;
import static dev.gatlingllm.report.Numbers.percent;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.health.ClientHealth;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.CostFigures;
import dev.gatlingllm.metrics.sweep.Knee;
import java.time.Instant;
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
    StringBuilder page = new StringBuilder(300_000);
    head(page, summary.config());
    header(page, summary, gatlingIndexLink);
    page.append("<main>\n");
    keyFigures(page, summary);
    verdict(page, summary);
    LevelsSection.html(page, summary);
    RepeatsSection.html(page, summary);
    RequestNamesSection.html(page, summary);
    AgentSessionsSection.html(page, summary);
    LengthsAndRatesSection.append(page, summary);
    charts(page, summary);
    TradeOffSection.table(page, summary);
    errors(page, summary.run().counts().errors());
    metadata(page, summary.config().metadata());
    definitions(page);
    page.append("<details class=\"licence\"><summary>Chart.js ")
        .append(ChartLibrary.VERSION)
        .append(" licence</summary><pre>")
        .append(Html.escape(ChartLibrary.license()))
        .append("</pre></details>\n")
        .append("</main>\n");
    scripts(page, summary);
    return page.toString();
  }

  private static void head(StringBuilder page, RunConfig config) {
    page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>LLM report")
        .append(config.model() == null ? "" : " - " + Html.escape(config.model()))
        .append("</title>\n<style>\n")
        .append(PageAssets.style())
        .append("</style>\n</head>\n<body>\n");
  }

  /** What ran where and when, whether it was stopped early, and the way back to Gatling's page. */
  private static void header(StringBuilder page, RunSummary summary, String gatlingIndexLink) {
    RunConfig config = summary.config();
    page.append("<header>\n<h1>LLM report</h1>\n<p class=\"meta\">");
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
    page.append("</header>\n");
  }

  /** The charts' data, the chart library and the script that draws them, all inlined. */
  private static void scripts(StringBuilder page, RunSummary summary) {
    page.append("<script type=\"application/json\" id=\"llm-data\">")
        .append(Html.scriptSafeJson(ChartData.json(summary)))
        .append("</script>\n<script>\n")
        .append(ChartLibrary.script())
        .append("\n</script>\n<script>\n")
        .append(PageAssets.script())
        .append("</script>\n</body>\n</html>\n");
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
    if (PooledInputsSection.poolingOnly(summary)) {
      poolingCards(page, run);
    } else {
      generationCards(page, run);
    }
    card(page, "goodput req/s", number(run.throughput().requestGoodput(), 2));
    card(page, "good fraction", percent(run.counts().goodFraction()));
    page.append("</div>\n");
    measurementNote(page, summary);
    page.append("</section>\n");
  }

  private static void generationCards(StringBuilder page, Figures run) {
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
  }

  /**
   * Embeddings and rerank requests alone: what they deliver and their one latency, in place of the
   * generation figures they have none of.
   */
  private static void poolingCards(StringBuilder page, Figures run) {
    card(page, "requests/s", number(run.pooled().requestThroughput(), 2));
    card(page, "inputs/s", number(run.pooled().inputsPerSecond(), 2));
    card(page, "input tok/s", number(run.pooled().inputTokensPerSecond(), 1));
    Distribution e2el = run.pooled().e2el().orNaNWhenEmpty();
    card(page, "E2EL p50 / p99 ms", measured(e2el.p50(), 1) + " / " + measured(e2el.p99(), 1));
    card(page, "error rate", percent(run.pooled().errorRate()));
  }

  /** What the figures cover and how far to trust them: the windows, the token counts, the SLOs. */
  private static void measurementNote(StringBuilder page, RunSummary summary) {
    Figures run = summary.run();
    page.append("<p class=\"note\">Measured over ")
        .append(number(run.windowSeconds(), 1))
        .append(" s of measurement windows; ")
        .append(summary.excludedRequests())
        .append(" requests started outside them (warm-up, settle time) are left out");
    String countedBy = RequestKinds.outputCountedBy(run);
    if (countedBy != null) {
      page.append(". Output tokens counted by: ").append(Html.escape(countedBy));
    }
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
        .append(Html.escape(RequestKinds.slos(summary)))
        .append(". Send lateness p99 ")
        .append(number(run.latency().sendLateness().p99(), 2))
        .append(" ms.</p>\n");
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
    capacity(page, summary);
    page.append("</li>\n<li id=\"capacity-story\">")
        .append(Html.escape(CapacityStory.explain(summary)))
        .append("</li>\n");
    if (summary.knee() != null) {
      knee(page, summary.knee());
    }
    CostFigures cost = summary.cost();
    if (cost != null && Double.isNaN(cost.pricePerMillionOutputTokens())) {
      hourlyCost(page, cost);
    } else if (cost != null) {
      costAgainstTheApi(page, cost, summary);
    }
    for (String warning : ClientHealth.warnings(summary)) {
      page.append("<li class=\"warning\">Warning: ")
          .append(Html.escape(warning))
          .append(".</li>\n");
    }
    page.append("</ul>\n</section>\n");
  }

  private static void capacity(StringBuilder page, RunSummary summary) {
    Capacity capacity = summary.capacity();
    String target = Html.escape(summary.config().target().describe());
    if (!CapacityStory.searched(summary)) {
      page.append("No capacity search: one load level ran.");
    } else if (capacity == null) {
      page.append("No tested level meets the target (").append(target).append(").");
    } else if (PooledInputsSection.poolingOnly(summary)) {
      Figures level = summary.levels().get(capacity.levelIndex()).figures();
      Distribution e2el = level.pooled().e2el().orNaNWhenEmpty();
      page.append("Sustainable capacity (")
          .append(target)
          .append("): <b>")
          .append(Html.escape(capacity.label()))
          .append("</b>, ")
          .append(number(level.pooled().requestThroughput(), 2))
          .append(" requests/s, ")
          .append(number(level.pooled().inputsPerSecond(), 2))
          .append(" inputs/s, E2EL p50 ")
          .append(number(e2el.p50(), 1))
          .append(" ms, p99 ")
          .append(number(e2el.p99(), 1))
          .append(" ms.");
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
  }

  private static void knee(StringBuilder page, Knee knee) {
    page.append("<li id=\"knee\">Knee: <b>")
        .append(Html.escape(knee.label()))
        .append("</b>; going to ")
        .append(Html.escape(knee.nextLabel()))
        .append(" adds ")
        .append(number(100 * knee.throughputGain(), 1))
        .append(" % ")
        .append(knee.axes().throughputName())
        .append(" for ")
        .append(number(knee.latencyP99Ratio(), 2))
        .append("x the p99 ")
        .append(knee.axes().latencyName())
        .append(".</li>\n");
  }

  /** The hourly price alone: what the output costs, no API to compare with. */
  private static void hourlyCost(StringBuilder page, CostFigures cost) {
    page.append("<li id=\"cost\">Cost: at ")
        .append(number(cost.pricePerHour(), 2))
        .append(" ")
        .append(cost.currency())
        .append("/h, ")
        .append(
            Double.isNaN(cost.costPerMillionAtCapacity())
                ? "no level met the target, so no cost at capacity; each level's is in the table"
                : "a million output tokens cost <b>"
                    + number(cost.costPerMillionAtCapacity(), 3)
                    + " "
                    + cost.currency()
                    + "</b> at capacity; each level's is in the table")
        .append(".</li>\n");
  }

  /** Where self-hosting breaks even with the API's price, and what it takes to win. */
  private static void costAgainstTheApi(StringBuilder page, CostFigures cost, RunSummary summary) {
    page.append("<li id=\"cost\">Cost: at ")
        .append(number(cost.pricePerHour(), 2))
        .append(" ")
        .append(cost.currency())
        .append("/h against ")
        .append(number(cost.pricePerMillionOutputTokens(), 2))
        .append(" ")
        .append(cost.currency())
        .append(" per million output tokens, self-hosting breaks even at <b>")
        .append(number(cost.breakEvenTokensPerSecond(), 0))
        .append(" output tok/s</b>");
    if (!Double.isNaN(cost.costPerMillionAtCapacity())) {
      page.append("; at capacity a million output tokens cost ")
          .append(number(cost.costPerMillionAtCapacity(), 3))
          .append(" ")
          .append(cost.currency());
      if (cost.requiredUtilisation() <= 1) {
        page.append(", and the deployment must run at capacity ")
            .append(number(100 * cost.requiredUtilisation(), 0))
            .append(" % of the time to win");
      } else {
        page.append(", more than the API's ")
            .append(number(cost.pricePerMillionOutputTokens(), 2))
            .append(" ")
            .append(cost.currency())
            .append(": at capacity the deployment costs more than the API, even fully used");
      }
    }
    page.append(".</li>\n");
    String byLevel = CostByLevel.sentence(summary);
    if (byLevel != null) {
      page.append("<li id=\"cost-by-level\">").append(Html.escape(byLevel)).append("</li>\n");
    }
  }

  private static void charts(StringBuilder page, RunSummary summary) {
    page.append("<section>\n<h2>Charts</h2>\n<div class=\"charts\">\n");
    chart(
        page,
        "chart-timeline",
        PooledInputsSection.poolingOnly(summary)
            // Whole answers, no output token: what such a run delivered over time is its inputs.
            ? "Inputs/s and requests in flight over time"
            : "Output tok/s and streams in flight over time");
    if (summary.server() != null) {
      chart(
          page,
          "chart-server",
          "The server's own figures: generated tok/s, running and waiting requests");
    }
    if (PooledInputsSection.poolingOnly(summary)) {
      // Embeddings and rerank answers come whole: no output tokens, TTFT, TPOT or ITL to draw.
      if (againstLoad(summary)) {
        chart(page, "chart-pooling", "Inputs/s and E2EL p99 against load");
      }
    } else {
      generationCharts(page, summary);
    }
    page.append("</div>\n</section>\n");
  }

  /** True when some level had a load (streams or a rate) to draw a chart against. */
  private static boolean againstLoad(RunSummary summary) {
    return summary.levels().stream().anyMatch(level -> level.level().load() > 0);
  }

  /** The charts of streamed answers: throughput, TTFT, the trade-off and the distributions. */
  private static void generationCharts(StringBuilder page, RunSummary summary) {
    if (againstLoad(summary)) {
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
}
