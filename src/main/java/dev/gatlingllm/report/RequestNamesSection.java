package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.NamedFigures;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.List;
import java.util.Locale;

/**
 * The run's figures by request name, beside its totals, in the console, summary.md and the page:
 * shown when the run's requests had more than one name ({@code chat} and {@code chat turn 2} with
 * other output limits would otherwise be read only mixed). One row a name: requests OK / KO, output
 * tok/s over the run's window (the rows add up to the run's), mean output tokens, TTFT p50 / p99,
 * TPOT p50, E2EL p50.
 */
final class RequestNamesSection {
  private RequestNamesSection() {}

  static final List<String> HEADERS =
      List.of(
          "request name",
          "OK / KO",
          "output tok/s",
          "mean output tokens",
          "TTFT p50 (ms)",
          "TTFT p99 (ms)",
          "TPOT p50 (ms)",
          "E2EL p50 (ms)");

  static boolean shown(RunSummary summary) {
    return summary.byRequestName().size() > 1;
  }

  /** The cells of one name's row, after its name. */
  static List<String> cells(Figures f) {
    Distribution ttft = f.latency().ttft().orNaNWhenEmpty();
    long completed = f.counts().completed();
    return List.of(
        f.counts().completed() + " / " + f.counts().failed(),
        fixed(f.throughput().outputThroughput(), 1),
        fixed(completed == 0 ? Double.NaN : (double) f.tokens().totalOutputTokens() / completed, 1),
        fixed(ttft.p50(), 1),
        fixed(ttft.p99(), 1),
        fixed(f.latency().tpot().orNaNWhenEmpty().p50(), 2),
        fixed(f.latency().e2el().orNaNWhenEmpty().p50(), 1));
  }

  static void consoleRows(StringBuilder text, RunSummary summary) {
    text.append(
        String.format(
            Locale.ROOT,
            "%-22s %9s %9s %9s %9s %9s\n",
            "request name",
            "OK/KO",
            "out t/s",
            "mean out",
            "TTFT p50",
            "TTFT p99"));
    for (NamedFigures named : summary.byRequestName()) {
      List<String> c = cells(named.figures());
      text.append(
          String.format(
              Locale.ROOT,
              "%-22s %9s %9s %9s %9s %9s\n",
              shorten(named.requestName(), 22),
              c.get(0).replace(" ", ""),
              c.get(1),
              c.get(2),
              c.get(3),
              c.get(4)));
    }
  }

  static void markdown(StringBuilder md, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    md.append("## By request name\n\n");
    md.append("| ").append(String.join(" | ", HEADERS)).append(" |\n");
    md.append("|---|").append("---:|".repeat(HEADERS.size() - 1)).append('\n');
    for (NamedFigures named : summary.byRequestName()) {
      md.append("| ")
          .append(named.requestName().replace("|", "\\|"))
          .append(" | ")
          .append(String.join(" | ", cells(named.figures())))
          .append(" |\n");
    }
    md.append('\n');
  }

  static void html(StringBuilder page, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    page.append("<section>\n<h2>By request name</h2>\n<table id=\"request-names\">\n<tr>");
    for (String header : HEADERS) {
      page.append("<th>").append(Html.escape(header)).append("</th>");
    }
    page.append("</tr>\n");
    for (NamedFigures named : summary.byRequestName()) {
      page.append("<tr><td>").append(Html.escape(named.requestName())).append("</td>");
      for (String cell : cells(named.figures())) {
        page.append("<td>").append(Html.escape(cell)).append("</td>");
      }
      page.append("</tr>\n");
    }
    page.append("</table>\n</section>\n");
  }

  private static String shorten(String name, int width) {
    return name.length() <= width ? name : name.substring(0, width - 1) + "~";
  }
}
