package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.SchemaAnswers;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.Locale;

/**
 * The share of answers that followed their JSON schema (metrics.md, "Structured output"), in the
 * console, summary.md and the page's levels table: shown only when some request asked for a schema,
 * so that runs without structured output read as before.
 */
final class StructuredOutputSection {
  private StructuredOutputSection() {}

  /** The page's column header. */
  static final String HEADER = "valid structured answers";

  static boolean shown(RunSummary summary) {
    return summary.run().schema().judged() > 0
        || summary.levels().stream().anyMatch(level -> level.figures().schema().judged() > 0);
  }

  /** {@code 75 / 100 (75.0 %)}, or "-" when no answer of the figures was judged. */
  static String cell(Figures f) {
    SchemaAnswers schema = f.schema();
    if (schema.judged() == 0) {
      return "-";
    }
    return schema.valid()
        + " / "
        + schema.judged()
        + " ("
        + fixed(100 * schema.validShare(), 1)
        + " %)";
  }

  static void console(StringBuilder text, RunSummary summary) {
    text.append(
        String.format(Locale.ROOT, "%-40s %s\n", "Valid structured answers:", cell(summary.run())));
    if (summary.levels().size() <= 1) {
      return;
    }
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      text.append(
          String.format(Locale.ROOT, "  %-38s %s\n", level.level().label(), cell(level.figures())));
    }
  }

  static void markdown(StringBuilder md, RunSummary summary) {
    if (!shown(summary)) {
      return;
    }
    md.append("## Structured output\n\n");
    md.append("Answers that parsed as JSON and validated against their request's schema.\n\n");
    md.append("| level | valid / judged |\n|---|---:|\n");
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      md.append("| ")
          .append(level.level().label())
          .append(" | ")
          .append(cell(level.figures()))
          .append(" |\n");
    }
    md.append("| run | ").append(cell(summary.run())).append(" |\n\n");
  }
}
