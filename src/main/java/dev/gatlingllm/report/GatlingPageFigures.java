package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.PooledInputs;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Gatling's own page ({@code index.html} of the run's folder) given the run's LLM figures: a block
 * in Gatling's own style above its assertions (output and total tok/s, goodput, good fraction,
 * TTFT, TPOT, ITL and E2EL, the capacity) and a link to the LLM report, so that the page a Gatling
 * user opens first carries the figures Gatling's records cannot. The block is replaced, not added
 * again, when the page is given the figures twice; a page without the expected places is left as it
 * is.
 */
public final class GatlingPageFigures {
  static final String START = "<!-- gatling-llm figures -->";
  static final String END = "<!-- /gatling-llm figures -->";

  /** Where the block goes: before Gatling's assertions (or its stats, without assertions). */
  private static final String BEFORE = "<div class=\"statistics extensible-geant";

  private GatlingPageFigures() {}

  /**
   * Adds the figures to the page in {@code runFolder}; false when there is no page or no place for
   * them in it.
   */
  public static boolean addTo(Path runFolder, RunSummary summary) throws IOException {
    return addTo(runFolder, summary, null);
  }

  /**
   * The same, with the verdict against a baseline.
   *
   * @param verdict the comparison's headline, or null when the run was compared with none
   */
  public static boolean addTo(Path runFolder, RunSummary summary, String verdict)
      throws IOException {
    Path page = runFolder.resolve("index.html");
    if (!Files.isRegularFile(page)) {
      return false;
    }
    String html = Files.readString(page, StandardCharsets.UTF_8);
    String augmented = augment(html, summary, "llm/index.html", verdict);
    if (augmented == null) {
      return false;
    }
    Path tmp = page.resolveSibling("index.html.llm-tmp");
    Files.writeString(tmp, augmented, StandardCharsets.UTF_8);
    Files.move(tmp, page, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return true;
  }

  /** The page with the block, or null when it has no place for it. */
  static String augment(String html, RunSummary summary, String llmPageLink, String verdict) {
    int start = html.indexOf(START);
    if (start >= 0) {
      int end = html.indexOf(END, start);
      if (end < 0) {
        return null;
      }
      html = html.substring(0, start) + html.substring(end + END.length());
    }
    int at = html.indexOf(BEFORE);
    if (at < 0) {
      return null;
    }
    return html.substring(0, at) + block(summary, llmPageLink, verdict) + html.substring(at);
  }

  private static String block(RunSummary summary, String llmPageLink, String verdict) {
    Figures run = summary.run();
    Distribution ttft = run.latency().ttft().orNaNWhenEmpty();
    Distribution tpot = run.latency().tpot().orNaNWhenEmpty();
    Distribution itl = run.latency().itl().orNaNWhenEmpty();
    Distribution e2el = run.latency().e2el().orNaNWhenEmpty();
    StringBuilder html = new StringBuilder(2048);
    html.append(START)
        .append("\n<div id=\"llm-figures\" class=\"statistics extensible-geant\">\n")
        .append("    <div class=\"title\">\n")
        .append("        <span>LLM figures</span><a href=\"")
        .append(Html.escape(llmPageLink))
        .append("\">the LLM report</a>\n    </div>\n")
        .append("    <table class=\"statistics-in extensible-geant\">\n        <tbody>\n");
    boolean poolingOnly = PooledInputsSection.poolingOnly(summary);
    if (poolingOnly) {
      // Embeddings and rerank answers come whole: what they deliver is requests and texts.
      row(html, "Requests per second", Numbers.fixed(run.pooled().requestThroughput(), 2));
      row(
          html,
          "Inputs per second (texts or documents)",
          Numbers.fixed(run.pooled().inputsPerSecond(), 2));
      row(html, "Input tokens per second", Numbers.fixed(run.pooled().inputTokensPerSecond(), 1));
    } else {
      row(
          html,
          "Output tokens per second (output only)",
          Numbers.fixed(run.throughput().outputThroughput(), 1));
      row(
          html,
          "Total tokens per second (input + output)",
          Numbers.fixed(run.throughput().totalTokenThroughput(), 1));
    }
    row(
        html,
        "Goodput (requests per second meeting the SLOs)",
        Numbers.fixed(run.throughput().requestGoodput(), 2));
    row(
        html,
        "Good requests",
        run.counts().requests() == 0 ? "n/a" : Numbers.percent(run.counts().goodFraction()));
    if (!poolingOnly) {
      row(html, "TTFT p50 / p99 (ms)", pair(ttft));
      row(html, "TPOT p50 / p99 (ms)", pair(tpot));
      row(html, "ITL p50 / p99 (ms)", pair(itl));
      if (!run.pooled().none()) {
        // A mixed run: its embeddings and rerank requests in their own terms, beside the
        // generations'.
        row(
            html,
            "Embeddings and rerank requests per second",
            Numbers.fixed(run.pooled().requestThroughput(), 2));
        row(
            html,
            "Embeddings and rerank inputs per second",
            Numbers.fixed(run.pooled().inputsPerSecond(), 2));
        row(
            html,
            "Embeddings and rerank E2EL p50 / p99 (ms)",
            pair(run.pooled().e2el().orNaNWhenEmpty()));
      }
    }
    row(html, "E2EL p50 / p99 (ms)", pair(e2el));
    Capacity capacity = summary.capacity();
    row(
        html,
        "Sustainable capacity",
        !CapacityStory.searched(summary)
            ? "no search (one load level)"
            : capacity == null ? "no level meets the target" : Html.escape(capacity.label()));
    if (summary.knee() != null) {
      row(html, "Knee (where more load stops paying)", Html.escape(summary.knee().label()));
    }
    if (verdict != null) {
      row(html, "Against the baseline", Html.escape(verdict));
    }
    html.append("        </tbody>\n    </table>\n");
    if (poolingOnly) {
      poolingLevels(html, summary);
    } else {
      levels(html, summary);
    }
    html.append("</div>\n").append(END);
    return html.toString();
  }

  /** One row per level in load order, when there are several. */
  private static void levels(StringBuilder html, RunSummary summary) {
    levelsTable(
        html,
        summary,
        "<th>Output tok/s</th><th>Per-stream tok/s</th><th>Goodput req/s</th>"
            + "<th>TTFT p99 ms</th><th>TPOT p99 ms</th>",
        f -> {
          cell(html, Numbers.fixed(f.throughput().outputThroughput(), 1));
          cell(html, Numbers.fixed(Numbers.perStream(f), 1));
          cell(html, Numbers.fixed(f.throughput().requestGoodput(), 2));
          cell(html, Numbers.fixed(f.latency().ttft().orNaNWhenEmpty().p99(), 1));
          cell(html, Numbers.fixed(f.latency().tpot().orNaNWhenEmpty().p99(), 1));
        });
  }

  /** The levels of a run of embeddings and rerank requests, in the figures that apply to them. */
  private static void poolingLevels(StringBuilder html, RunSummary summary) {
    levelsTable(
        html,
        summary,
        "<th>Requests/s</th><th>Inputs/s</th><th>Goodput req/s</th>"
            + "<th>E2EL p50 ms</th><th>E2EL p99 ms</th>",
        f -> {
          PooledInputs pooled = f.pooled();
          cell(html, Numbers.fixed(pooled.requestThroughput(), 2));
          cell(html, Numbers.fixed(pooled.inputsPerSecond(), 2));
          cell(html, Numbers.fixed(pooled.requestGoodput(), 2));
          cell(html, Numbers.fixed(pooled.e2el().orNaNWhenEmpty().p50(), 1));
          cell(html, Numbers.fixed(pooled.e2el().orNaNWhenEmpty().p99(), 1));
        });
  }

  /** A table of the levels by load, when there are several: their label, then {@code cells}. */
  private static void levelsTable(
      StringBuilder html, RunSummary summary, String headers, Consumer<Figures> cells) {
    if (summary.levels().size() < 2) {
      return;
    }
    html.append("    <table id=\"llm-levels\" class=\"statistics-in extensible-geant\">\n")
        .append("        <thead><tr><th>Level</th>")
        .append(headers)
        .append("</tr></thead>\n        <tbody>\n");
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      html.append("<tr><td class=\"total\">")
          .append(Html.escape(level.level().label()))
          .append("</td>");
      cells.accept(level.figures());
      html.append("</tr>\n");
    }
    html.append("        </tbody>\n    </table>\n");
  }

  private static void cell(StringBuilder html, String value) {
    html.append("<td class=\"value total\">").append(value).append("</td>");
  }

  private static String pair(Distribution d) {
    return Numbers.fixed(d.p50(), 1) + " / " + Numbers.fixed(d.p99(), 1);
  }

  private static void row(StringBuilder html, String name, String value) {
    html.append("<tr>\n  <td class=\"error-col-1 total\">")
        .append(name)
        .append("</td>\n  <td class=\"error-col-2 value total\" style=\"white-space:nowrap\">")
        .append(value)
        .append("</td>\n</tr>\n");
  }
}
