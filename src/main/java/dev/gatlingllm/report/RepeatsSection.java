package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.LevelRepeats;
import dev.gatlingllm.metrics.stats.MeanInterval;
import java.util.List;
import java.util.Locale;

/**
 * The levels that ran several times ({@code llm.repeats}), in the console, summary.md and the page:
 * one row a level, each figure as the mean of its runs ± the half-width of its 95 % interval
 * (metrics.md, "Repeats"), so that a reader sees how much of a difference between two levels, or
 * two nights, is noise.
 */
final class RepeatsSection {
  private RepeatsSection() {}

  static final List<String> HEADERS =
      List.of(
          "level",
          "runs",
          "output tok/s",
          "goodput req/s",
          "TTFT p50 (ms)",
          "TTFT p99 (ms)",
          "TPOT p50 (ms)",
          "TPOT p99 (ms)",
          "E2EL p99 (ms)");

  static boolean shown(RunSummary summary) {
    return summary.levels().stream().anyMatch(level -> level.repeats().repeated());
  }

  /** The cells of one level's row. */
  static List<String> cells(LevelFigures level) {
    LevelRepeats r = level.repeats();
    return List.of(
        level.level().label(),
        String.valueOf(r.runs().size()),
        spread(r.outputThroughput(), 1),
        spread(r.requestGoodput(), 2),
        spread(r.ttftP50(), 1),
        spread(r.ttftP99(), 1),
        spread(r.tpotP50(), 2),
        spread(r.tpotP99(), 2),
        spread(r.e2elP99(), 1));
  }

  /** {@code 512.3 ± 4.1}: the mean, and the half-width of the interval when there is one. */
  static String spread(MeanInterval interval, int decimals) {
    String mean = fixed(interval.mean(), decimals);
    return Double.isNaN(interval.halfWidth())
        ? mean
        : mean + " ± " + fixed(interval.halfWidth(), decimals);
  }

  static void console(StringBuilder text, RunSummary summary) {
    text.append(
        String.format(
            Locale.ROOT,
            "%-12s %4s %17s %15s %15s\n",
            "level",
            "runs",
            "out tok/s",
            "TTFT p99 ms",
            "TPOT p99 ms"));
    for (LevelFigures level : summary.levels()) {
      if (level.repeats().repeated()) {
        List<String> c = cells(level);
        text.append(
            String.format(
                Locale.ROOT,
                "%-12s %4s %17s %15s %15s\n",
                c.get(0),
                c.get(1),
                c.get(2),
                c.get(5),
                c.get(7)));
      }
    }
  }

  static void markdown(StringBuilder md, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    md.append("## Repeats (mean ± 95 % interval over the runs of each level)\n\n");
    md.append("| ").append(String.join(" | ", HEADERS)).append(" |\n");
    md.append("|---|").append("---:|".repeat(HEADERS.size() - 1)).append('\n');
    for (LevelFigures level : summary.levels()) {
      if (level.repeats().repeated()) {
        md.append("| ").append(String.join(" | ", cells(level))).append(" |\n");
      }
    }
    md.append('\n');
  }

  static void html(StringBuilder page, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    page.append(
        "<section>\n<h2>Repeats</h2>\n<p>Each figure as the mean of the level's runs ± the"
            + " half-width of its 95 % interval (Student's t).</p>\n<table id=\"repeats\">\n<tr>");
    for (String header : HEADERS) {
      page.append("<th>").append(Html.escape(header)).append("</th>");
    }
    page.append("</tr>\n");
    for (LevelFigures level : summary.levels()) {
      if (level.repeats().repeated()) {
        page.append("<tr>");
        for (String cell : cells(level)) {
          page.append("<td>").append(Html.escape(cell)).append("</td>");
        }
        page.append("</tr>\n");
      }
    }
    page.append("</table>\n</section>\n");
  }
}
