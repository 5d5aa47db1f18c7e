package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.NamedFigures;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.PooledInputs;
import dev.gatlingllm.metrics.stats.Distribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The run's figures by request name, beside its totals, in the console, summary.md and the page:
 * shown when the run's requests had more than one name ({@code chat} and {@code chat turn 2} with
 * other output limits would otherwise be read only mixed). One row a name: requests OK / KO, output
 * tok/s over the run's window (the rows add up to the run's), mean output tokens, TTFT p50 / p99,
 * TPOT p50, E2EL p50. A name whose requests were all embeddings or rerank requests has its row in a
 * table of its own instead, in the figures such requests have: requests/s, inputs/s, input tok/s
 * and E2EL p50 / p99 (their answers come whole: no output tokens, TTFT or TPOT to show).
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

  /** The headers of the names of embeddings and rerank requests alone. */
  static final List<String> POOLING_HEADERS =
      List.of(
          "request name",
          "OK / KO",
          "requests/s",
          "inputs/s",
          "input tok/s",
          "E2EL p50 (ms)",
          "E2EL p99 (ms)");

  /**
   * One table of names: which names it holds, its headers and a name's cells (after its name), and
   * the console's shorter headers for its first cells.
   */
  private record Table(
      String title,
      String id,
      Predicate<NamedFigures> holds,
      List<String> headers,
      Function<Figures, List<String>> cells,
      List<String> consoleHeaders) {
    List<NamedFigures> rows(RunSummary summary) {
      return summary.byRequestName().stream().filter(holds).toList();
    }
  }

  private static final Table GENERATION =
      new Table(
          "By request name",
          "request-names",
          named -> !named.poolingOnly(),
          HEADERS,
          RequestNamesSection::cells,
          List.of("OK/KO", "out t/s", "mean out", "TTFT p50", "TTFT p99"));

  private static final Table POOLING =
      new Table(
          "By request name: embeddings and rerank",
          "request-names-pooling",
          NamedFigures::poolingOnly,
          POOLING_HEADERS,
          RequestNamesSection::poolingCells,
          List.of("OK/KO", "req/s", "inputs/s", "input t/s", "E2EL p50", "E2EL p99"));

  private static final List<Table> TABLES = List.of(GENERATION, POOLING);

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

  /**
   * The cells of a name of embeddings and rerank requests alone, after its name: their own figures
   * ({@link dev.gatlingllm.metrics.level.PooledInputs}), rates over the run's window.
   */
  static List<String> poolingCells(Figures f) {
    PooledInputs pooled = f.pooled();
    Distribution e2el = pooled.e2el().orNaNWhenEmpty();
    return List.of(
        pooled.requests() + " / " + pooled.failed(),
        fixed(pooled.requestThroughput(), 2),
        fixed(pooled.inputsPerSecond(), 2),
        fixed(pooled.inputTokensPerSecond(), 1),
        fixed(e2el.p50(), 1),
        fixed(e2el.p99(), 1));
  }

  static void consoleRows(StringBuilder text, RunSummary summary) {
    for (Table table : TABLES) {
      List<NamedFigures> rows = table.rows(summary);
      if (rows.isEmpty()) {
        continue;
      }
      int columns = table.consoleHeaders().size();
      String format = "%-22s" + " %9s".repeat(columns) + "\n";
      List<Object> headers = new ArrayList<>(List.of("request name"));
      headers.addAll(table.consoleHeaders());
      text.append(String.format(Locale.ROOT, format, headers.toArray()));
      for (NamedFigures named : rows) {
        List<String> c = table.cells().apply(named.figures());
        List<Object> line = new ArrayList<>(List.of(shorten(named.requestName(), 22)));
        line.add(c.get(0).replace(" ", ""));
        line.addAll(c.subList(1, columns));
        text.append(String.format(Locale.ROOT, format, line.toArray()));
      }
    }
  }

  static void markdown(StringBuilder md, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    for (Table table : TABLES) {
      List<NamedFigures> rows = table.rows(summary);
      if (rows.isEmpty()) {
        continue;
      }
      md.append("## ").append(table.title()).append("\n\n");
      md.append("| ").append(String.join(" | ", table.headers())).append(" |\n");
      md.append("|---|").append("---:|".repeat(table.headers().size() - 1)).append('\n');
      for (NamedFigures named : rows) {
        md.append("| ")
            .append(named.requestName().replace("|", "\\|"))
            .append(" | ")
            .append(String.join(" | ", table.cells().apply(named.figures())))
            .append(" |\n");
      }
      md.append('\n');
    }
  }

  static void html(StringBuilder page, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    for (Table table : TABLES) {
      List<NamedFigures> rows = table.rows(summary);
      if (rows.isEmpty()) {
        continue;
      }
      page.append("<section>\n<h2>")
          .append(Html.escape(table.title()))
          .append("</h2>\n<table id=\"")
          .append(table.id())
          .append("\">\n<tr>");
      for (String header : table.headers()) {
        page.append("<th>").append(Html.escape(header)).append("</th>");
      }
      page.append("</tr>\n");
      for (NamedFigures named : rows) {
        page.append("<tr><td>").append(Html.escape(named.requestName())).append("</td>");
        for (String cell : table.cells().apply(named.figures())) {
          page.append("<td>").append(Html.escape(cell)).append("</td>");
        }
        page.append("</tr>\n");
      }
      page.append("</table>\n</section>\n");
    }
  }

  private static String shorten(String name, int width) {
    return name.length() <= width ? name : name.substring(0, width - 1) + "~";
  }
}
