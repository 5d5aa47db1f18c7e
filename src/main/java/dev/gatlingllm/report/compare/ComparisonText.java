package dev.gatlingllm.report.compare;

import dev.gatlingllm.check.CheckCounts;
import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.report.BaselineVerdict;
import dev.gatlingllm.report.Html;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison as people and CI read it: a table for the console and one for summary.md (arrows for
 * the changes that count), and one junit.xml test case per compared figure, failing on a
 * regression.
 */
public final class ComparisonText {
  /** The junit.xml suite of the comparison's test cases. */
  public static final String SUITE = "baseline";

  private ComparisonText() {}

  /**
   * The console's table: the run's figures, and each level's figure that moved or could not be
   * judged (summary.md and junit.xml have every one).
   */
  public static String console(BaselineComparison comparison) {
    StringBuilder text = new StringBuilder();
    text.append(headline(comparison)).append('\n');
    text.append(
        String.format(
            Locale.ROOT,
            "%-14s %-15s %12s %12s %9s  %-19s %s%n",
            "level",
            "figure",
            "then",
            "now",
            "change",
            "95 % interval",
            "verdict"));
    for (FigureChange change : comparison.changes()) {
      if (!change.level().equals(BaselineComparison.RUN)
          && change.verdict() == FigureChange.Verdict.SAME) {
        continue;
      }
      text.append(
          String.format(
              Locale.ROOT,
              "%-14s %-15s %12s %12s %9s  %-19s %s%n",
              change.level(),
              change.figure().label,
              value(change.figure(), change.then()),
              value(change.figure(), change.now()),
              changeText(change.figure(), change.change()),
              interval(change),
              verdict(change)));
    }
    text.append(capacityLine(comparison.capacity())).append('\n');
    text.append(countsLine(comparison)).append('\n');
    for (String level : comparison.unmatched()) {
      text.append("not compared: ").append(level).append('\n');
    }
    for (String line : comparison.lateClients()) {
      text.append("warning: ").append(line).append('\n');
    }
    return text.toString();
  }

  /** The same as a Markdown section for summary.md and comparison.md. */
  public static String markdown(BaselineComparison comparison) {
    StringBuilder md = new StringBuilder();
    md.append("## Against the baseline\n\n").append(headline(comparison)).append("\n\n");
    md.append("| level | figure | then | now | change | 95 % interval | verdict |\n");
    md.append("|---|---|---:|---:|---:|---|---|\n");
    for (FigureChange change : comparison.changes()) {
      md.append("| ")
          .append(change.level())
          .append(" | ")
          .append(change.figure().label)
          .append(" | ")
          .append(value(change.figure(), change.then()))
          .append(" | ")
          .append(value(change.figure(), change.now()))
          .append(" | ")
          .append(changeText(change.figure(), change.change()))
          .append(" | ")
          .append(interval(change))
          .append(" | ")
          .append(verdict(change))
          .append(" |\n");
    }
    md.append('\n').append(capacityLine(comparison.capacity())).append('\n');
    md.append('\n').append(countsLine(comparison)).append('\n');
    List<FigureChange> unjudged = notJudged(comparison);
    if (!unjudged.isEmpty()) {
      md.append("\nNot judged:\n\n");
      for (FigureChange change : unjudged) {
        md.append("- ")
            .append(change.level())
            .append(": ")
            .append(change.figure().label)
            .append(": ")
            .append(NotJudged.reason(change))
            .append('\n');
      }
    }
    for (String level : comparison.unmatched()) {
      md.append("\nNot compared: ").append(level).append('\n');
    }
    for (String line : comparison.lateClients()) {
      md.append("\nWarning: ").append(line).append('\n');
    }
    return md.toString();
  }

  /**
   * The same as a section of the LLM page: the headline, every figure's row (a regression's in the
   * page's bad colour), the capacity, the levels not compared.
   */
  public static String html(BaselineComparison comparison) {
    StringBuilder page = new StringBuilder(4096);
    page.append("<section id=\"baseline\">\n<h2>Against the baseline</h2>\n<p>")
        .append(Html.escape(headline(comparison)))
        .append("</p>\n<table id=\"baseline-table\">\n<tr><th>level</th><th>figure</th>")
        .append(
            "<th>then</th><th>now</th><th>change</th><th>95 % interval</th><th>verdict</th></tr>\n");
    for (FigureChange change : comparison.changes()) {
      boolean regressed = change.verdict() == FigureChange.Verdict.REGRESSION;
      page.append(regressed ? "<tr class=\"bad\">" : "<tr>")
          .append("<td>")
          .append(Html.escape(change.level()))
          .append("</td><td>")
          .append(Html.escape(change.figure().label))
          .append("</td><td>")
          .append(value(change.figure(), change.then()))
          .append("</td><td>")
          .append(value(change.figure(), change.now()))
          .append("</td><td>")
          .append(changeText(change.figure(), change.change()))
          .append("</td><td>")
          .append(interval(change))
          .append("</td><td>")
          .append(verdict(change))
          .append("</td></tr>\n");
    }
    page.append("</table>\n<p>")
        .append(Html.escape(capacityLine(comparison.capacity())))
        .append("</p>\n<p id=\"baseline-counts\">")
        .append(Html.escape(countsLine(comparison)))
        .append("</p>\n");
    for (String level : comparison.unmatched()) {
      page.append("<p>Not compared: ").append(Html.escape(level)).append("</p>\n");
    }
    for (String line : comparison.lateClients()) {
      page.append("<p class=\"warning\">").append(Html.escape(line)).append("</p>\n");
    }
    return page.append("</section>\n").toString();
  }

  /**
   * The page with the comparison: the verdict's banner first under the page's header, its section
   * before the charts, and the baseline's trade-off points as data beside the page's own, which the
   * trade-off chart draws as the baseline's curve; null when the page has no charts section.
   */
  public static String intoPage(String page, BaselineComparison comparison) {
    return intoPage(page, comparison, pageVerdict(comparison, true));
  }

  /**
   * @param verdict the banner's verdict ({@link #pageVerdict})
   */
  public static String intoPage(
      String page, BaselineComparison comparison, BaselineVerdict verdict) {
    int header = page.indexOf(HEADER_END);
    int at = page.indexOf("<section>\n<h2>Charts</h2>");
    int data = page.indexOf(PAGE_DATA);
    if (header < 0 || at < header || data < at) {
      return null;
    }
    int banner = header + HEADER_END.length();
    return page.substring(0, banner)
        + "<div class=\"banner-row\">\n"
        + verdict.bannerHtml("verdict-banner", "#baseline")
        + "</div>\n"
        + page.substring(banner, at)
        + html(comparison)
        + page.substring(at, data)
        + "<script type=\"application/json\" id=\"llm-baseline\">"
        + baselineJson(comparison)
        + "</script>\n"
        + page.substring(data);
  }

  /** Where the page's header (its title, the run's model and start) ends. */
  private static final String HEADER_END = "</header>\n";

  /**
   * The verdict as the pages show it first: the headline, the figures that regressed with their
   * values then and now, the counts.
   *
   * @param failsBuild whether a regression fails the build ({@code llm.baseline.failOnRegression})
   */
  public static BaselineVerdict pageVerdict(BaselineComparison comparison, boolean failsBuild) {
    List<String> regressed = new ArrayList<>();
    for (FigureChange change : comparison.changes()) {
      if (change.verdict() == FigureChange.Verdict.REGRESSION) {
        regressed.add(
            change.level()
                + ": "
                + change.figure().label
                + " "
                + value(change.figure(), change.then())
                + " -> "
                + value(change.figure(), change.now())
                + " ("
                + changeText(change.figure(), change.change())
                + ")");
      }
    }
    if (comparison.capacity().regressed()) {
      regressed.add(capacityLine(comparison.capacity()));
    }
    long regressions = comparison.regressions();
    String headline =
        (regressions == 0
                ? "No regression"
                : regressions + (regressions == 1 ? " regression" : " regressions"))
            + " against the baseline "
            + comparison.baseline();
    return new BaselineVerdict(
        headline, regressed, CheckCounts.of(verdicts(comparison)).describe(), failsBuild);
  }

  /** Where the page's own data begins. */
  private static final String PAGE_DATA = "<script type=\"application/json\" id=\"llm-data\">";

  /**
   * The baseline's levels as the page's script reads them, safe inside a script element (no '<',
   * '>' or '&' but escaped).
   */
  static String baselineJson(BaselineComparison comparison) {
    com.fasterxml.jackson.databind.node.ObjectNode root =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    root.put("baseline", comparison.baseline().toString());
    com.fasterxml.jackson.databind.node.ArrayNode levels = root.putArray("levels");
    for (RunSample.LevelPoint point : comparison.baselineLevels()) {
      com.fasterxml.jackson.databind.node.ObjectNode level = levels.addObject();
      level.put("label", point.label()).put("load", point.load());
      // JSON has no NaN: a figure the level did not have is left out, and the chart skips it.
      putFinite(level, "perStream", point.perStream());
      putFinite(level, "outputThroughput", point.output());
      putFinite(level, "outputPerGpu", point.outputPerGpu());
      putFinite(level, "ttftP50", point.ttftP50());
      putFinite(level, "ttftP99", point.ttftP99());
    }
    return Html.scriptSafeJson(root.toString());
  }

  private static void putFinite(
      com.fasterxml.jackson.databind.node.ObjectNode node, String field, double value) {
    if (Double.isFinite(value)) {
      node.put(field, value);
    }
  }

  /** One test case per figure compared (failing on a regression), and one for the capacity. */
  public static List<CheckVerdict> verdicts(BaselineComparison comparison) {
    List<CheckVerdict> verdicts = new ArrayList<>();
    for (FigureChange change : comparison.changes()) {
      String name = change.level() + ": " + change.figure().label;
      String values =
          value(change.figure(), change.then())
              + " then, "
              + value(change.figure(), change.now())
              + " now ("
              + changeText(change.figure(), change.change());
      if (change.verdict() == FigureChange.Verdict.NOT_JUDGED) {
        verdicts.add(
            CheckVerdict.notJudged(
                SUITE, name, values + "): not judged: " + NotJudged.reason(change)));
        continue;
      }
      verdicts.add(
          new CheckVerdict(
              SUITE,
              name,
              change.verdict() != FigureChange.Verdict.REGRESSION,
              values
                  + ", 95 % interval "
                  + interval(change)
                  + ", threshold "
                  + thresholdText(change)
                  + "): "
                  + verdict(change)));
    }
    CapacityChangeText capacity = new CapacityChangeText(comparison.capacity());
    verdicts.add(
        new CheckVerdict(SUITE, "capacity", !comparison.capacity().regressed(), capacity.line()));
    return verdicts;
  }

  /**
   * The comparison's test cases counted, e.g. {@code 32 checks: 19 judged (8 passed, 11 failed), 13
   * not judged}; the figures not judged are named, each with what would judge it, in junit.xml and
   * comparison.md.
   */
  static String countsLine(BaselineComparison comparison) {
    String line = "against the baseline, " + CheckCounts.of(verdicts(comparison)).describe();
    return comparison.notJudged() == 0
        ? line
        : line
            + " (too few values on a side: junit.xml's skipped cases and comparison.md say, for"
            + " each, what would judge it)";
  }

  private static List<FigureChange> notJudged(BaselineComparison comparison) {
    return comparison.changes().stream()
        .filter(change -> change.verdict() == FigureChange.Verdict.NOT_JUDGED)
        .toList();
  }

  private static String headline(BaselineComparison comparison) {
    long regressions = comparison.regressions();
    return (regressions == 0
            ? "No regression"
            : regressions + (regressions == 1 ? " regression" : " regressions"))
        + " against the baseline "
        + comparison.baseline()
        + " ("
        + comparison.improvements()
        + " improved). A change counts when it is beyond its threshold (throughput "
        + percent(comparison.thresholds().throughput())
        + ", latency percentiles "
        + percent(comparison.thresholds().latency())
        + ", good fraction "
        + points(comparison.thresholds().goodFraction())
        + ", error rate "
        + points(comparison.thresholds().errorRate())
        + ") and its 95 % interval excludes no change ("
        + (againstHistory(comparison)
            ? "a prediction interval from the spread of the history's last runs)."
            : "a bootstrap of the requests; Welch's interval over the runs where both ran a level"
                + " several times).");
  }

  /** Whether the comparison is against a history's median, whose changes come from one run now. */
  private static boolean againstHistory(BaselineComparison comparison) {
    return comparison.changes().stream().anyMatch(change -> change.nowRuns() == 1);
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f %%", share * 100);
  }

  private static String points(double share) {
    return String.format(Locale.ROOT, "%.1f points", share * 100);
  }

  private static String capacityLine(BaselineComparison.CapacityChange capacity) {
    return new CapacityChangeText(capacity).line();
  }

  /** The capacity's line. */
  private record CapacityChangeText(BaselineComparison.CapacityChange capacity) {
    String line() {
      String then = capacity.thenLabel() == null ? "none" : capacity.thenLabel();
      String now = capacity.nowLabel() == null ? "none" : capacity.nowLabel();
      String verdict =
          capacity.regressed() ? "▼ regression" : capacity.improved() ? "▲ improved" : "same";
      return "capacity: " + then + " then, " + now + " now: " + verdict;
    }
  }

  private static String value(ComparedFigure figure, double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    if (figure.statistic.absolute()) {
      return String.format(Locale.ROOT, "%.1f %%", value * 100);
    }
    return String.format(Locale.ROOT, value >= 100 ? "%.1f" : "%.2f", value);
  }

  private static String changeText(ComparedFigure figure, double change) {
    if (Double.isNaN(change)) {
      return "n/a";
    }
    return figure.statistic.absolute()
        ? String.format(Locale.ROOT, "%+.1f pt", change * 100)
        : String.format(Locale.ROOT, "%+.1f %%", change * 100);
  }

  private static String interval(FigureChange change) {
    if (Double.isNaN(change.low())) {
      return "n/a";
    }
    String unit = change.figure().statistic.absolute() ? " pt" : " %";
    String interval =
        String.format(
            Locale.ROOT, "[%+.1f, %+.1f]%s", change.low() * 100, change.high() * 100, unit);
    // Judged on the level's runs rather than on its requests: said, since the two differ in what
    // noise they carry.
    return change.thenRuns() > 0
        ? interval + " over " + change.thenRuns() + " vs " + change.nowRuns() + " runs"
        : interval;
  }

  private static String thresholdText(FigureChange change) {
    return change.figure().statistic.absolute()
        ? String.format(Locale.ROOT, "%.1f pt", change.threshold() * 100)
        : String.format(Locale.ROOT, "%.0f %%", change.threshold() * 100);
  }

  private static String verdict(FigureChange change) {
    return switch (change.verdict()) {
      case REGRESSION -> "▼ regression";
      case IMPROVEMENT -> "▲ improved";
      case SAME -> "same";
      case NOT_JUDGED -> "not judged";
    };
  }
}
