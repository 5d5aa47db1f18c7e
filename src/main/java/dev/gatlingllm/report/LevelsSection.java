package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.measured;
import static dev.gatlingllm.report.Numbers.number;
import static dev.gatlingllm.report.Numbers.percent;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Arrivals;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.ServerTimes;
import dev.gatlingllm.metrics.request.RequestTimeline;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.List;

/**
 * The page's Levels section: the sweep table ({@code #sweep}), a row per level in load order with
 * the capacity and the knee marked, and a note on what its columns mean.
 */
final class LevelsSection {
  private LevelsSection() {}

  /**
   * The columns only some runs have: each is shown when a level can fill it.
   *
   * @param costCurrency the prices' currency when prices were given (and output tokens were made to
   *     price), else null
   * @param openModel a level offered a request rate
   * @param serverDecode a server timed its own decoding (Ollama, llama.cpp)
   * @param serverPrefill a server timed its own prompt processing
   * @param serverMetrics the server's metrics page was read
   * @param structured some request asked for a JSON schema
   * @param images some request carried images
   * @param audio some request carried audio clips
   * @param pooled some embeddings or rerank request was sent
   * @param poolingOnly every request was one: the generation columns (output and per-stream tok/s,
   *     TTFT, TPOT, ITL) give way to the pooling requests' own
   */
  private record Columns(
      String costCurrency,
      boolean openModel,
      boolean serverDecode,
      boolean serverPrefill,
      boolean serverMetrics,
      boolean structured,
      boolean images,
      boolean audio,
      boolean pooled,
      boolean poolingOnly) {
    static Columns of(RunSummary summary) {
      List<LevelFigures> levels = summary.levels();
      boolean poolingOnly = PooledInputsSection.poolingOnly(summary);
      return new Columns(
          // A run that generated nothing has no cost per million output tokens.
          summary.cost() == null || poolingOnly ? null : summary.cost().currency(),
          levels.stream().anyMatch(level -> level.level().window().isOpenModel()),
          levels.stream().anyMatch(level -> level.figures().serverTimes().decodeStreams() > 0),
          levels.stream().anyMatch(level -> level.figures().serverTimes().prefillStreams() > 0),
          summary.server() != null,
          StructuredOutputSection.shown(summary),
          levels.stream().anyMatch(level -> level.figures().images().any()),
          levels.stream().anyMatch(level -> level.figures().audio().any()),
          PooledInputsSection.shown(summary) && !poolingOnly,
          poolingOnly);
    }
  }

  static void html(StringBuilder page, RunSummary summary) {
    Columns columns = Columns.of(summary);
    page.append("<section>\n<h2>Levels</h2>\n<table id=\"sweep\">\n");
    headers(page, columns);
    page.append("<tbody>\n");
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      row(page, summary, i, columns);
    }
    page.append("</tbody>\n</table>\n");
    note(page, summary, columns);
    page.append("</section>\n");
  }

  private static void headers(StringBuilder page, Columns columns) {
    page.append("<thead><tr><th>level</th><th>requests</th><th>failed</th>")
        .append(
            columns.poolingOnly()
                ? PooledInputsSection.POOLING_ONLY_HEADERS
                : "<th>per-stream tok/s</th><th>output tok/s</th><th>total tok/s</th><th>TTFT p50"
                    + " ms</th><th>TTFT p99 ms</th><th>TPOT p50 ms</th><th>ITL p99 ms</th>")
        .append("<th>good fraction</th><th>target</th><th>client loop delay p99 ms</th>")
        .append(
            "<th title=\"requests whose usage count was implausible (the client's count used) / whose"
                + " inter-token gaps beyond 65,536 were left out of ITL / whose answer was cut at"
                + " maxOutputBytes\">doubted usage / dropped gaps / cut answers</th>");
    if (columns.costCurrency() != null) {
      page.append("<th>cost / M output, ").append(columns.costCurrency()).append("</th>");
    }
    if (columns.openModel()) {
      page.append("<th>req/s arrived / sent / completed</th><th>")
          .append(FromArrival.latencyName(columns.poolingOnly()))
          .append(" p99 ms from arrival</th>");
    }
    // The server's own times, beside the client's figures, only for servers that give them (Ollama,
    // llama.cpp).
    if (columns.serverDecode()) {
      page.append("<th>server decode tok/s</th>");
    }
    if (columns.serverPrefill()) {
      page.append("<th>server prefill mean ms</th>");
    }
    if (columns.structured()) {
      page.append("<th>").append(StructuredOutputSection.HEADER).append("</th>");
    }
    if (columns.images()) {
      page.append("<th>images / request</th><th>image bytes / request</th>");
    }
    if (columns.audio()) {
      page.append("<th>audio clips / request</th><th>audio s / request</th>");
    }
    if (columns.pooled()) {
      page.append(PooledInputsSection.HEADERS);
    }
    if (columns.serverMetrics()) {
      page.append(ServerMetricsReport.TABLE_HEADERS);
    }
    page.append("</tr></thead>\n");
  }

  /** The row of the level at {@code index} in run order. */
  private static void row(StringBuilder page, RunSummary summary, int index, Columns columns) {
    LevelFigures level = summary.levels().get(index);
    Figures f = level.figures();
    boolean isCapacity = summary.capacity() != null && summary.capacity().levelIndex() == index;
    boolean isKnee = summary.knee() != null && summary.knee().levelIndex() == index;
    page.append("<tr")
        .append(isCapacity ? " class=\"capacity\"" : "")
        .append(">")
        .append("<td>")
        .append(Html.escape(level.level().label()))
        .append(isCapacity ? " <span class=\"tag\">&#9733; capacity</span>" : "")
        .append(isKnee ? " <span class=\"tag knee\">knee</span>" : "")
        .append("</td>");
    clientCells(page, level, columns.poolingOnly());
    if (columns.costCurrency() != null) {
      page.append(cell(number(level.costPerMillionOutputTokens(), 3)));
    }
    if (columns.openModel()) {
      openModelCells(page, level, columns.poolingOnly());
    }
    serverTimeCells(page, f.serverTimes(), columns);
    if (columns.structured()) {
      page.append(cell(StructuredOutputSection.cell(f)));
    }
    if (columns.images()) {
      page.append(cell(number(f.images().imagesPerRequest(), 2)))
          .append(cell(number(f.images().bytesPerRequest(), 0)));
    }
    if (columns.audio()) {
      page.append(cell(number(f.audio().clipsPerRequest(), 2)))
          .append(cell(number(f.audio().secondsPerRequest(), 2)));
    }
    if (columns.pooled()) {
      page.append(PooledInputsSection.cells(f));
    }
    if (columns.serverMetrics() && index < summary.server().levels().size()) {
      page.append(ServerMetricsReport.tableCells(summary.server().levels().get(index), f));
    }
    page.append("</tr>\n");
  }

  /**
   * The cells every level has: what the client measured (a pooling-only run's own figures in place
   * of the generation ones, which it has none of), and whether the level met the target.
   */
  private static void clientCells(StringBuilder page, LevelFigures level, boolean poolingOnly) {
    Figures f = level.figures();
    page.append(cell(Long.toString(f.counts().requests())))
        .append(cell(Long.toString(f.counts().failed())))
        .append(poolingOnly ? PooledInputsSection.poolingOnlyCells(f) : generationCells(f))
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
  }

  /**
   * Output and per-stream tok/s, TTFT, TPOT and ITL: what a level of streamed answers delivered.
   */
  private static String generationCells(Figures f) {
    Distribution ttft = f.latency().ttft().orNaNWhenEmpty();
    return cell(measured(Numbers.perStream(f), 1))
        + cell(number(f.throughput().outputThroughput(), 1))
        + cell(number(f.throughput().totalTokenThroughput(), 1))
        + cell(measured(ttft.p50(), 1))
        + cell(measured(ttft.p99(), 1))
        + cell(measured(f.latency().tpot().orNaNWhenEmpty().p50(), 2))
        + cell(measured(f.latency().itl().orNaNWhenEmpty().p99(), 2));
  }

  /**
   * The rates a level offered, sent and completed, and its TTFT (a pooling-only run's E2EL) from
   * arrival; "-" when closed.
   */
  private static void openModelCells(StringBuilder page, LevelFigures level, boolean poolingOnly) {
    Figures f = level.figures();
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
    page.append(cell(open ? number(FromArrival.latency(f, poolingOnly).p99(), 1) : "-"));
  }

  private static void serverTimeCells(StringBuilder page, ServerTimes times, Columns columns) {
    if (columns.serverDecode()) {
      page.append(
          cell(times.decodeStreams() == 0 ? "-" : number(times.decodeTokensPerSecond(), 1)));
    }
    if (columns.serverPrefill()) {
      page.append(cell(times.prefillStreams() == 0 ? "-" : number(times.meanPrefillMillis(), 1)));
    }
  }

  private static void note(StringBuilder page, RunSummary summary, Columns columns) {
    page.append("<p class=\"note\">")
        .append(
            columns.poolingOnly()
                ? "Embeddings and rerank requests alone: their answers come whole, so a level reads"
                    + " in requests/s, inputs/s (the texts embedded or documents reranked by its"
                    + " successful requests, per second of its window), their input tok/s and their"
                    + " whole-answer latency (E2EL); they have no output tokens, TTFT, TPOT or ITL. "
                : "Output tok/s counts the output tokens that arrived in the level's measurement"
                    + " window; total adds the input tokens of the requests started in it. ")
        .append("Target: ")
        .append(Html.escape(summary.config().target().describe()))
        .append(
            ". Client loop delay: how late the client's event loops ran during the level, a bound on what the ")
        .append("client itself added to its ")
        // Answers that come whole have no token to time late: their one latency is the E2EL.
        .append(columns.poolingOnly() ? "E2EL" : "TTFT and ITL")
        .append(". Untrusted: requests whose server token count was ")
        .append("implausible and ignored, whose inter-token gaps past the first ")
        .append(RequestTimeline.MAX_KEPT_GAPS)
        .append(" are not in the ITL figures, ")
        .append("or whose output was cut at maxOutputBytes (KO).")
        .append(
            columns.openModel()
                ? " Open-model levels (a request rate) judge their SLOs on "
                    + (columns.poolingOnly() ? "E2EL" : "TTFT and E2EL")
                    + " from each request's arrival; a level whose sends fell below "
                    + Math.round(100 * Arrivals.KEEP_UP_SHARE)
                    + " % of its arrival rate did not keep its rate and is never the capacity."
                : "")
        .append(
            columns.serverDecode() || columns.serverPrefill()
                ? " Server decode and prefill: the server's own times, as it reported "
                    + "them for each stream (a part of each TTFT for the prefill)."
                : "")
        .append(
            columns.structured()
                ? " Valid structured answers: answers of OK streams that parsed as JSON and"
                    + " validated against their request's schema, of those judged."
                : "")
        .append(
            columns.pooled()
                ? " Inputs/s: the texts embedded or documents reranked by the level's successful"
                    + " embeddings and rerank requests, per second of its window; input tok/s their"
                    + " input tokens; E2EL p99 their whole-answer latency."
                : "")
        .append(
            summary.server() == null
                ? ""
                : Html.escape(ServerMetricsReport.tableNote(summary.server())))
        .append("</p>\n");
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }
}
