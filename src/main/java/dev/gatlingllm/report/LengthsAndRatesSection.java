package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.OutputLengths;
import dev.gatlingllm.metrics.level.RateFigures;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import dev.gatlingllm.values.RateBudget;
import java.util.ArrayList;
import java.util.List;

/**
 * The page's "Output lengths and rate limits" table: per level, how many answers stopped before
 * their max tokens and how long they were, the requests and tokens per minute against the
 * provider's budget, and the HTTP 429 answers. Shown when it has something to say: an output limit
 * asked for, a budget, or a 429; the rate columns only with a budget or a 429, where there is a
 * limit to read them against.
 */
final class LengthsAndRatesSection {
  private LengthsAndRatesSection() {}

  static boolean relevant(RunSummary summary) {
    Figures run = summary.run();
    return summary.config().rateBudget() != null
        || run.rates().rateLimited() > 0
        || run.outputLengths().withLimit() > 0;
  }

  /**
   * Whether the run met a rate limit, or was paced against one: then its rates are worth a look.
   */
  static boolean metered(RunSummary summary) {
    return summary.config().rateBudget() != null || summary.run().rates().rateLimited() > 0;
  }

  static void append(StringBuilder page, RunSummary summary) {
    if (!relevant(summary)) {
      return;
    }
    RateBudget budget = summary.config().rateBudget();
    boolean metered = metered(summary);
    page.append("<section>\n<h2>")
        .append(metered ? "Output lengths and rate limits" : "Output lengths")
        .append("</h2>\n<table id=\"lengths-rates\">\n<thead><tr>")
        .append(
            "<th>level</th><th>stopped early</th><th>output tokens p50</th><th>p90</th><th>min</th><th>max</th>");
    if (metered) {
      page.append(
              "<th>requests/min</th><th>input tok/min</th><th>output tok/min</th><th>total tok/min</th>")
          .append(
              "<th>metered tok/min</th><th>busiest minute: requests / metered tok</th><th>HTTP 429</th>");
    }
    page.append("</tr></thead>\n<tbody>\n");
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      row(page, level.level().label(), level.figures(), budget, metered);
    }
    if (summary.levels().size() > 1) {
      row(page, "run", summary.run(), budget, metered);
    }
    page.append("</tbody>\n</table>\n<p class=\"note\">")
        .append(Html.escape(note(budget, metered)))
        .append("</p>\n</section>\n");
  }

  private static void row(
      StringBuilder page, String label, Figures f, RateBudget budget, boolean metered) {
    OutputLengths lengths = f.outputLengths();
    RateFigures rates = f.rates();
    page.append("<tr><td>")
        .append(Html.escape(label))
        .append("</td>")
        .append(
            cell(
                lengths.withLimit() == 0
                    ? "-"
                    : lengths.stoppedEarly()
                        + " / "
                        + lengths.withLimit()
                        + " ("
                        + Numbers.percent(lengths.stoppedEarlyShare())
                        + ")"))
        .append(cell(Numbers.number(lengths.outputTokens().p50(), 0)))
        .append(cell(Numbers.number(lengths.outputTokens().p90(), 0)))
        .append(cell(Numbers.number(lengths.outputTokens().min(), 0)))
        .append(cell(Numbers.number(lengths.outputTokens().max(), 0)));
    if (!metered) {
      page.append("</tr>\n");
      return;
    }
    page.append(
            cell(
                againstBudget(
                    rates.requestsPerMinute(), budget == null ? 0 : budget.requestsPerMinute())))
        .append(cell(Numbers.number(rates.inputTokensPerMinute(), 0)))
        .append(cell(Numbers.number(rates.outputTokensPerMinute(), 0)))
        .append(cell(Numbers.number(rates.totalTokensPerMinute(), 0)))
        .append(
            cell(
                againstBudget(
                    rates.meteredTokensPerMinute(), budget == null ? 0 : budget.tokensPerMinute())))
        .append(cell(busiestMinute(rates, budget)))
        .append(cell(rates.rateLimited() + " (" + Numbers.percent(rates.rateLimitedShare()) + ")"))
        .append("</tr>\n");
  }

  /**
   * The busiest 60 seconds' requests and metered tokens, each against its limit when there is one.
   */
  static String busiestMinute(RateFigures rates, RateBudget budget) {
    return againstBudget(
            rates.busiestMinuteRequests(), budget == null ? 0 : budget.requestsPerMinute())
        + " / "
        + againstBudget(
            rates.busiestMinuteMeteredTokens(), budget == null ? 0 : budget.tokensPerMinute());
  }

  /** {@code 118 of 120} against a limit, the figure alone without one. */
  static String againstBudget(double achieved, long limit) {
    String value = Numbers.number(achieved, 0);
    return limit > 0 ? value + " of " + Numbers.number(limit, 0) : value;
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }

  private static String note(RateBudget budget, boolean metered) {
    List<String> parts = new ArrayList<>();
    parts.add(
        "Stopped early: successful requests that asked for max tokens and ended before them (a finish reason"
            + " other than length, or fewer tokens); they finish sooner without the server being faster.");
    if (!metered) {
      return parts.get(0);
    }
    parts.add(
        "Per minute of measurement window: requests counts every attempt, OK or KO; input and output tokens"
            + " are those of the successful requests; metered = input + max tokens of every request sent, as providers"
            + " count a tokens-per-minute budget. Busiest minute: the most requests and metered tokens sent within 60"
            + " consecutive seconds, which a limiter counting over a rolling minute sees, where the averages hide a"
            + " burst.");
    if (budget != null) {
      parts.add("Budget: " + budget.describe() + ".");
    }
    return String.join(" ", parts);
  }
}
