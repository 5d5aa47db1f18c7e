package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.PooledInputs;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;

/**
 * The throughput of embeddings and rerank requests (metrics.md, "Embeddings and rerank") in the
 * console and the page's levels table: their answers come whole, so a team reads texts per second
 * and input tokens per second where a chat run reads output tokens. Shown only when such requests
 * succeeded, so that chat runs read as before.
 */
final class PooledInputsSection {
  private PooledInputsSection() {}

  /** The page's column headers. */
  static final String HEADERS = "<th>inputs/s</th><th>input tok/s</th><th>E2EL p99 ms</th>";

  static boolean shown(RunSummary summary) {
    return !summary.run().pooled().none()
        || summary.levels().stream().anyMatch(level -> !level.figures().pooled().none());
  }

  /** The level's cells: inputs/s, input tok/s and the E2EL p99, "-" without such requests. */
  static String cells(Figures f) {
    PooledInputs pooled = f.pooled();
    if (pooled.none()) {
      return cell("-") + cell("-") + cell("-");
    }
    return cell(fixed(pooled.inputsPerSecond(), 2))
        + cell(fixed(pooled.inputTokensPerSecond(), 1))
        + cell(fixed(f.latency().e2el().orNaNWhenEmpty().p99(), 1));
  }

  static void console(StringBuilder text, RunSummary summary) {
    PooledInputs pooled = summary.run().pooled();
    line(text, "Embed/rerank requests:", Long.toString(pooled.requests()));
    line(text, "Inputs (texts or documents):", Long.toString(pooled.inputs()));
    line(text, "Input throughput (inputs/s):", fixed(pooled.inputsPerSecond(), 2));
    line(text, "Input token throughput (tok/s):", fixed(pooled.inputTokensPerSecond(), 2));
    if (summary.levels().size() <= 1) {
      return;
    }
    // Per level: the sweep's story in the figures an embeddings team reads.
    text.append(
        String.format(
            java.util.Locale.ROOT,
            "  %-22s%12s%12s%12s\n",
            "level",
            "inputs/s",
            "input t/s",
            "E2EL p99"));
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      Figures f = level.figures();
      text.append(
          String.format(
              java.util.Locale.ROOT,
              "  %-22s%12s%12s%12s\n",
              level.level().label(),
              fixed(f.pooled().inputsPerSecond(), 2),
              fixed(f.pooled().inputTokensPerSecond(), 1),
              fixed(f.latency().e2el().orNaNWhenEmpty().p99(), 1)));
    }
  }

  private static void line(StringBuilder text, String label, String value) {
    text.append(String.format(java.util.Locale.ROOT, "%-40s%20s\n", label, value));
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }
}
