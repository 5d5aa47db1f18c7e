package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.PooledInputs;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.Locale;

/**
 * The embeddings and rerank requests (metrics.md, "Embeddings and rerank") in summary.md, the
 * console and the page's levels table: their answers come whole, so a team reads requests/s, texts
 * per second, input tokens per second, the E2EL and the error rate where a chat run reads output
 * tokens and TTFT. Every figure is the pooling requests' own ({@link PooledInputs}), so a mixed
 * run's chat requests do not blur them. Shown only when such requests were sent, so that chat runs
 * read as before.
 */
final class PooledInputsSection {
  private PooledInputsSection() {}

  /** The page's column headers. */
  static final String HEADERS = "<th>inputs/s</th><th>input tok/s</th><th>E2EL p99 ms</th>";

  /**
   * The levels table's columns of a pooling-only run, in place of the generation ones: what an
   * embeddings team reads of a level.
   */
  static final String POOLING_ONLY_HEADERS =
      "<th>requests/s</th><th>inputs/s</th><th>input tok/s</th><th>E2EL p50 ms</th>"
          + "<th>E2EL p99 ms</th>";

  static boolean shown(RunSummary summary) {
    return !summary.run().pooled().none()
        || summary.levels().stream().anyMatch(level -> !level.figures().pooled().none());
  }

  /**
   * True when every request of the run was an embeddings or rerank request: the generation figures
   * (output tok/s, per-stream tok/s, TTFT, TPOT, ITL) are then left out, not shown as zeros.
   */
  static boolean poolingOnly(RunSummary summary) {
    Figures run = summary.run();
    return run.pooled().coversAll(run.counts());
  }

  /** The level's cells: inputs/s, input tok/s and the E2EL p99, "-" without such requests. */
  static String cells(Figures f) {
    PooledInputs pooled = f.pooled();
    if (pooled.none()) {
      return cell("-") + cell("-") + cell("-");
    }
    return cell(fixed(pooled.inputsPerSecond(), 2))
        + cell(fixed(pooled.inputTokensPerSecond(), 1))
        + cell(fixed(pooled.e2el().orNaNWhenEmpty().p99(), 1));
  }

  /** A pooling-only run's level cells: requests/s, inputs/s, input tok/s, E2EL p50 and p99. */
  static String poolingOnlyCells(Figures f) {
    PooledInputs pooled = f.pooled();
    Distribution e2el = pooled.e2el().orNaNWhenEmpty();
    return cell(fixed(pooled.requestThroughput(), 2))
        + cell(fixed(pooled.inputsPerSecond(), 2))
        + cell(fixed(pooled.inputTokensPerSecond(), 1))
        + cell(fixed(e2el.p50(), 1))
        + cell(fixed(e2el.p99(), 1));
  }

  /** summary.md's section: a row a level, by load, with the capacity marked, then the run's row. */
  static void markdown(StringBuilder md, RunSummary summary) {
    md.append("## Embeddings and rerank\n\n");
    md.append(
        "| level | requests OK / KO | error rate | requests/s | inputs/s | input tok/s"
            + " | E2EL p50 (ms) | E2EL p99 (ms) | goodput (req/s) | good | |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    if (summary.levels().size() > 1) {
      for (int i : SweepAnalysis.byLoad(summary.levels())) {
        LevelFigures level = summary.levels().get(i);
        boolean isCapacity = summary.capacity() != null && summary.capacity().levelIndex() == i;
        markdownRow(
            md,
            level.level().label(),
            level.figures().pooled(),
            isCapacity ? "capacity" : level.meetsTarget() ? "" : "misses the target");
      }
    }
    markdownRow(md, "run", summary.run().pooled(), "");
    md.append('\n');
  }

  private static void markdownRow(
      StringBuilder md, String label, PooledInputs pooled, String marker) {
    Distribution e2el = pooled.e2el().orNaNWhenEmpty();
    md.append("| ")
        .append(label)
        .append(" | ")
        .append(pooled.requests())
        .append(" / ")
        .append(pooled.failed())
        .append(" | ")
        .append(share(pooled.errorRate()))
        .append(" | ")
        .append(fixed(pooled.requestThroughput(), 2))
        .append(" | ")
        .append(fixed(pooled.inputsPerSecond(), 2))
        .append(" | ")
        .append(fixed(pooled.inputTokensPerSecond(), 1))
        .append(" | ")
        .append(fixed(e2el.p50(), 1))
        .append(" | ")
        .append(fixed(e2el.p99(), 1))
        .append(" | ")
        .append(fixed(pooled.requestGoodput(), 2))
        .append(" | ")
        .append(share(pooled.goodFraction()))
        .append(" | ")
        .append(marker)
        .append(" |\n");
  }

  /** A fraction as a percentage with one decimal, "n/a" without requests. */
  private static String share(double fraction) {
    return Double.isNaN(fraction) ? "n/a" : fixed(100 * fraction, 1) + " %";
  }

  static void console(StringBuilder text, RunSummary summary) {
    PooledInputs pooled = summary.run().pooled();
    line(text, "Embed/rerank requests OK / KO:", pooled.requests() + " / " + pooled.failed());
    line(text, "Embed/rerank error rate:", share(pooled.errorRate()));
    line(text, "Embed/rerank throughput (req/s):", fixed(pooled.requestThroughput(), 2));
    line(text, "Inputs (texts or documents):", Long.toString(pooled.inputs()));
    line(text, "Input throughput (inputs/s):", fixed(pooled.inputsPerSecond(), 2));
    line(text, "Input token throughput (tok/s):", fixed(pooled.inputTokensPerSecond(), 2));
    Distribution e2el = pooled.e2el().orNaNWhenEmpty();
    line(
        text,
        "Embed/rerank E2EL p50 / p99 (ms):",
        fixed(e2el.p50(), 1) + " / " + fixed(e2el.p99(), 1));
    if (summary.config().slos().anySet()) {
      line(text, "Embed/rerank goodput (req/s):", fixed(pooled.requestGoodput(), 2));
    }
    if (summary.levels().size() <= 1) {
      return;
    }
    // Per level: the sweep's story in the figures an embeddings team reads.
    String format = "  %-14s%10s%10s%10s%10s%10s\n";
    text.append(
        String.format(
            Locale.ROOT,
            format,
            "level",
            "req/s",
            "inputs/s",
            "input t/s",
            "E2EL p50",
            "E2EL p99"));
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      PooledInputs f = level.figures().pooled();
      Distribution levelE2el = f.e2el().orNaNWhenEmpty();
      text.append(
          String.format(
              Locale.ROOT,
              format,
              level.level().label(),
              fixed(f.requestThroughput(), 2),
              fixed(f.inputsPerSecond(), 2),
              fixed(f.inputTokensPerSecond(), 1),
              fixed(levelE2el.p50(), 1),
              fixed(levelE2el.p99(), 1)));
    }
  }

  private static void line(StringBuilder text, String label, String value) {
    text.append(String.format(Locale.ROOT, "%-40s%20s\n", label, value));
  }

  private static String cell(String text) {
    return "<td class=\"num\">" + Html.escape(text) + "</td>";
  }
}
