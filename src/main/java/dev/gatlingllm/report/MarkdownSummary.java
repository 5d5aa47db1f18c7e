package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.check.CheckCounts;
import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.List;

/**
 * {@code summary.md}: the run in a few lines of Markdown for a CI page (a GitHub job summary, a
 * merge-request comment): the run's figures, the levels table, the capacity and what defined it,
 * and the failed checks. Every figure is the one summary.json holds (metrics.md); unknown figures
 * read {@code n/a}.
 */
public final class MarkdownSummary {
  private MarkdownSummary() {}

  public static String render(RunSummary summary, List<CheckVerdict> verdicts) {
    Figures run = summary.run();
    StringBuilder md = new StringBuilder(2048);
    md.append("# LLM load test");
    if (summary.config().model() != null) {
      md.append(": ").append(cell(summary.config().model()));
    }
    md.append("\n\n");
    if (summary.config().endpoint() != null) {
      md.append("Endpoint `").append(summary.config().endpoint().replace("`", "'")).append("`");
      md.append(
          summary.config().toolVersion() == null
              ? ""
              : ", gatling-llm " + summary.config().toolVersion());
      md.append(".\n\n");
    }
    boolean poolingOnly = PooledInputsSection.poolingOnly(summary);
    if (poolingOnly) {
      // Embeddings and rerank answers come whole: no output tokens, no TTFT to show.
      poolingHeadline(md, run);
    } else {
      generationHeadline(md, run);
    }
    if (!poolingOnly) {
      levels(md, summary);
    }
    if (PooledInputsSection.shown(summary)) {
      PooledInputsSection.markdown(md, summary);
    }
    StructuredOutputSection.markdown(md, summary);
    RepeatsSection.markdown(md, summary);
    RequestNamesSection.markdown(md, summary);
    AgentSessionsSection.markdown(md, summary);
    md.append("## Capacity\n\n");
    Capacity capacity = summary.capacity();
    md.append("Target: ").append(summary.config().target().describe()).append(". ");
    md.append(
            !CapacityStory.searched(summary)
                ? "No capacity search: one load level ran."
                : capacity == null
                    ? "No tested level meets it."
                    : "Sustainable capacity: **"
                        + capacity.label()
                        + "**"
                        + " ("
                        + capacityThroughput(summary, poolingOnly)
                        + ").")
        .append("\n\n");
    md.append(CapacityStory.explain(summary)).append("\n\n");
    // The cost is per million output tokens, which a pooling run does not make.
    String byLevel = poolingOnly ? null : CostByLevel.sentence(summary);
    if (byLevel != null) {
      md.append(cell(byLevel)).append("\n\n");
    }
    checks(md, verdicts);
    return md.toString();
  }

  private static void generationHeadline(StringBuilder md, Figures run) {
    md.append(
        "| requests OK / KO | output tok/s | per-stream tok/s | TTFT p50 / p99 (ms) | good |\n");
    md.append("|---:|---:|---:|---:|---:|\n");
    Distribution ttft = run.latency().ttft().orNaNWhenEmpty();
    md.append("| ")
        .append(run.counts().completed())
        .append(" / ")
        .append(run.counts().failed())
        .append(" | ")
        .append(fixed(run.throughput().outputThroughput(), 1))
        .append(" | ")
        .append(fixed(Numbers.perStream(run), 1))
        .append(" | ")
        .append(fixed(ttft.p50(), 1))
        .append(" / ")
        .append(fixed(ttft.p99(), 1))
        .append(" | ")
        .append(percent(run))
        .append(" |\n\n");
  }

  /** A run of embeddings and rerank requests alone: their figures, the generation ones left out. */
  private static void poolingHeadline(StringBuilder md, Figures run) {
    md.append(
        "Embeddings and rerank requests only: output tok/s, TTFT, TPOT and ITL do not apply.\n\n");
    md.append(
        "| requests OK / KO | requests/s | inputs/s | input tok/s | E2EL p50 / p99 (ms) | good |\n");
    md.append("|---:|---:|---:|---:|---:|---:|\n");
    Distribution e2el = run.pooled().e2el().orNaNWhenEmpty();
    md.append("| ")
        .append(run.pooled().requests())
        .append(" / ")
        .append(run.pooled().failed())
        .append(" | ")
        .append(fixed(run.pooled().requestThroughput(), 2))
        .append(" | ")
        .append(fixed(run.pooled().inputsPerSecond(), 2))
        .append(" | ")
        .append(fixed(run.pooled().inputTokensPerSecond(), 1))
        .append(" | ")
        .append(fixed(e2el.p50(), 1))
        .append(" / ")
        .append(fixed(e2el.p99(), 1))
        .append(" | ")
        .append(percent(run))
        .append(" |\n\n");
  }

  /** What the capacity level delivered: inputs and requests per second for a pooling run. */
  private static String capacityThroughput(RunSummary summary, boolean poolingOnly) {
    Capacity capacity = summary.capacity();
    if (!poolingOnly) {
      return fixed(capacity.outputThroughput(), 1) + " output tok/s";
    }
    Figures level = summary.levels().get(capacity.levelIndex()).figures();
    return fixed(level.pooled().inputsPerSecond(), 2)
        + " inputs/s, "
        + fixed(level.pooled().requestThroughput(), 2)
        + " requests/s";
  }

  private static void levels(StringBuilder md, RunSummary summary) {
    if (summary.levels().size() < 2) {
      return;
    }
    md.append("## Levels\n\n");
    md.append(
        "| level | requests OK / KO | output tok/s | per-stream tok/s | TTFT p50 (ms) | TTFT p99 (ms) | good | |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      LevelFigures level = summary.levels().get(i);
      Figures f = level.figures();
      // An open-model level is judged from the arrival (metrics.md, "Open model"), and so is its
      // TTFT here.
      Distribution ttft =
          (level.level().window().isOpenModel()
                  ? f.latency().ttftFromScheduled()
                  : f.latency().ttft())
              .orNaNWhenEmpty();
      boolean isCapacity = summary.capacity() != null && summary.capacity().levelIndex() == i;
      md.append("| ")
          .append(level.level().label())
          .append(" | ")
          .append(f.counts().completed())
          .append(" / ")
          .append(f.counts().failed())
          .append(" | ")
          .append(fixed(f.throughput().outputThroughput(), 1))
          .append(" | ")
          .append(fixed(Numbers.perStream(f), 1))
          .append(" | ")
          .append(fixed(ttft.p50(), 1))
          .append(" | ")
          .append(fixed(ttft.p99(), 1))
          .append(" | ")
          .append(percent(f))
          .append(" | ")
          .append(isCapacity ? "capacity" : level.meetsTarget() ? "" : "misses the target")
          .append(" |\n");
    }
    md.append('\n');
  }

  private static void checks(StringBuilder md, List<CheckVerdict> verdicts) {
    md.append("## Checks\n\n");
    if (verdicts.isEmpty()) {
      md.append("No check was judged in this run.\n");
      return;
    }
    md.append(CheckCounts.of(verdicts).describe()).append(".\n");
    listed(md, "Failed", verdicts.stream().filter(CheckVerdict::failed).toList());
    listed(md, "Not judged", verdicts.stream().filter(CheckVerdict::skipped).toList());
  }

  /**
   * The checks of one outcome with their messages, under a heading; nothing when there are none.
   */
  private static void listed(StringBuilder md, String heading, List<CheckVerdict> verdicts) {
    if (verdicts.isEmpty()) {
      return;
    }
    md.append('\n').append(heading).append(":\n\n");
    for (CheckVerdict verdict : verdicts) {
      md.append("- ").append(verdict.suite()).append(": ").append(cell(verdict.name()));
      if (verdict.message() != null) {
        md.append(": ").append(cell(verdict.message()));
      }
      md.append('\n');
    }
  }

  private static String percent(Figures f) {
    return f.counts().requests() == 0 ? "n/a" : fixed(100 * f.counts().goodFraction(), 1) + " %";
  }

  /**
   * Text from outside (a model name, a server's error in a check's message) kept from breaking the
   * table or the list, and from being read as HTML by the page that renders the Markdown.
   */
  private static String cell(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace("|", "\\|")
        .replace('\n', ' ')
        .replace('\r', ' ');
  }
}
