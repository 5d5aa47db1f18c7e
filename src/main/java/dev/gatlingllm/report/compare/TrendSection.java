package dev.gatlingllm.report.compare;

import dev.gatlingllm.report.Html;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The LLM page's "History" section ({@code llm.history}): for the run and each level, a small chart
 * per figure of its last N runs, oldest left, this run's point ringed, each point in the colour of
 * that run's verdict (red: it regressed against its baseline; green: it did not; grey: it was
 * compared with none). Drawn as inline SVG: no script, so that it reads the same in any browser and
 * in the page's text.
 */
public final class TrendSection {
  /** The figures drawn, by the labels the history keeps them under. */
  static final List<ComparedFigure> DRAWN =
      List.of(
          ComparedFigure.OUTPUT_THROUGHPUT,
          ComparedFigure.TTFT_P50,
          ComparedFigure.TTFT_P99,
          ComparedFigure.TPOT_P50,
          ComparedFigure.ERROR_RATE);

  private static final int WIDTH = 180;
  private static final int HEIGHT = 48;
  private static final int PAD = 6;

  /** The verdicts' colours: regressed, not regressed, not compared. */
  static final String RED = "#be1e2d";

  static final String GREEN = "#1e8e3e";
  static final String GREY = "#8a9099";

  private TrendSection() {}

  /** The page with the section before its charts; null when the page has no charts section. */
  public static String intoPage(String page, List<RunHistory.Entry> runs) {
    int at = page.indexOf("<section>\n<h2>Charts</h2>");
    return at < 0 ? null : page.substring(0, at) + html(runs) + page.substring(at);
  }

  /**
   * @param runs the history's last N runs, oldest first, this run the last
   */
  public static String html(List<RunHistory.Entry> runs) {
    StringBuilder page = new StringBuilder(8192);
    page.append("<section id=\"history\">\n<h2>History</h2>\n<p>The last ")
        .append(runs.size())
        .append(runs.size() == 1 ? " run" : " runs")
        .append(" of the history, oldest left, this run ringed; each point in its run's verdict:")
        .append(" <span style=\"color:" + RED + "\">&#9679; regressed</span>,")
        .append(" <span style=\"color:" + GREEN + "\">&#9679; no regression</span>,")
        .append(" <span style=\"color:" + GREY + "\">&#9679; not compared</span>.</p>\n")
        .append("<table id=\"history-table\">\n<tr><th>scope</th>");
    for (ComparedFigure figure : DRAWN) {
      page.append("<th>").append(Html.escape(figure.label)).append("</th>");
    }
    page.append("<th>capacity</th></tr>\n");
    for (String scope : scopes(runs)) {
      page.append("<tr><td>").append(Html.escape(scope)).append("</td>");
      for (ComparedFigure figure : DRAWN) {
        double[] values = new double[runs.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = runs.get(i).figure(scope, figure.label);
        }
        page.append("<td>")
            .append(chart(scope, figure.label, values, runs))
            .append(caption(values))
            .append("</td>");
      }
      if (scope.equals(scopes(runs).iterator().next())) {
        double[] loads = runs.stream().mapToDouble(RunHistory.Entry::capacityLoad).toArray();
        page.append("<td rowspan=\"")
            .append(scopes(runs).size())
            .append("\">")
            .append(chart("run", "capacity", loads, runs))
            .append(caption(loads))
            .append("</td>");
      }
      page.append("</tr>\n");
    }
    return page.append("</table>\n</section>\n").toString();
  }

  /** The run first when the history has it, then the levels in the order they first appear. */
  private static Set<String> scopes(List<RunHistory.Entry> runs) {
    Set<String> scopes = new LinkedHashSet<>();
    if (runs.stream().anyMatch(run -> run.scopes().containsKey(BaselineComparison.RUN))) {
      scopes.add(BaselineComparison.RUN);
    }
    runs.forEach(run -> scopes.addAll(run.scopes().keySet()));
    return scopes;
  }

  /** One figure's chart: a line through the runs that had it, a point for each. */
  static String chart(String scope, String figure, double[] values, List<RunHistory.Entry> runs) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int drawn = 0;
    for (double value : values) {
      if (Double.isFinite(value) && value >= 0) {
        min = Math.min(min, value);
        max = Math.max(max, value);
        drawn++;
      }
    }
    StringBuilder svg = new StringBuilder(1024);
    svg.append("<svg class=\"trend\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(HEIGHT)
        .append("\" data-scope=\"")
        .append(Html.escape(scope))
        .append("\" data-figure=\"")
        .append(Html.escape(figure))
        .append("\" data-points=\"")
        .append(drawn)
        .append("\" role=\"img\">");
    if (drawn == 0) {
      return svg.append("</svg>").toString();
    }
    // A flat series sits mid-height rather than on an edge.
    double span = max > min ? max - min : Math.max(Math.abs(max), 1) * 0.1;
    double low = max > min ? min : min - span / 2;
    List<String> points = new ArrayList<>();
    StringBuilder dots = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (!(Double.isFinite(values[i]) && values[i] >= 0)) {
        continue;
      }
      double x =
          values.length == 1 ? WIDTH / 2.0 : PAD + i * (WIDTH - 2.0 * PAD) / (values.length - 1);
      double y = HEIGHT - PAD - (values[i] - low) / span * (HEIGHT - 2.0 * PAD);
      points.add(String.format(Locale.ROOT, "%.1f,%.1f", x, y));
      RunHistory.Entry run = runs.get(i);
      boolean today = i == values.length - 1;
      dots.append(
          String.format(
              Locale.ROOT,
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"%s data-verdict=\"%s\"><title>%s:"
                  + " %s (%s)</title></circle>",
              x,
              y,
              today ? "4.5" : "3",
              colour(run.regressions()),
              today ? " class=\"today\" stroke=\"#1d232a\" stroke-width=\"2\"" : "",
              verdict(run.regressions()),
              Instant.ofEpochMilli(run.runStartEpochMillis()),
              value(values[i]),
              verdict(run.regressions())));
    }
    svg.append("<polyline fill=\"none\" stroke=\"#5f6b7a\" stroke-width=\"1.5\" points=\"")
        .append(String.join(" ", points))
        .append("\"/>")
        .append(dots);
    return svg.append("</svg>").toString();
  }

  /**
   * This run's value, then the lowest and highest of the runs drawn: the chart's scale in words.
   */
  static String caption(double[] values) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double value : values) {
      if (Double.isFinite(value) && value >= 0) {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
    }
    if (min > max) {
      return "";
    }
    double now = values[values.length - 1];
    return "<div class=\"note\">"
        + (Double.isFinite(now) && now >= 0 ? "now " + value(now) + " &middot; " : "")
        + value(min)
        + " to "
        + value(max)
        + "</div>";
  }

  private static String colour(int regressions) {
    return regressions > 0 ? RED : regressions == 0 ? GREEN : GREY;
  }

  private static String verdict(int regressions) {
    return regressions > 0
        ? regressions + (regressions == 1 ? " regression" : " regressions")
        : regressions == 0 ? "no regression" : "not compared";
  }

  private static String value(double value) {
    return String.format(Locale.ROOT, value >= 100 ? "%.1f" : "%.3g", value);
  }
}
