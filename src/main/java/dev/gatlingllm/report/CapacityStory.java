package dev.gatlingllm.report;

import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.level.Arrivals;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.SloMisses;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.stats.Micros;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The sentence that says what defined the capacity, so that nobody reads the top of a curve as a
 * sustainable load (metrics.md, "Sustainable capacity"): which level above it missed the target and
 * by which SLO, or plainly that no SLO was set and the capacity is only the highest level tested.
 */
public final class CapacityStory {
  private CapacityStory() {}

  /**
   * Whether the run could search for a capacity at all: it ran more than one load level, or it was
   * a capacity search (which may stop at its first level). A run of one planned level (a user's
   * simulation without levels, or a sweep of one) can only say whether that level met the target.
   */
  public static boolean searched(RunSummary summary) {
    return summary.levels().size() > 1 || summary.config().capacitySearch();
  }

  public static String explain(RunSummary summary) {
    if (!searched(summary)) {
      return oneLevel(summary);
    }
    String story = sweep(summary);
    return summary.config().capacitySearch() ? search(summary, story) : story;
  }

  /**
   * A capacity search's story: the loads it tried and why it stopped, before what the levels say. A
   * search that stopped at its first level found that level already missing the target: nothing it
   * could try meets it.
   */
  private static String search(RunSummary summary, String story) {
    List<LevelFigures> levels = new ArrayList<>(summary.levels());
    if (levels.isEmpty()) {
      return "The capacity search ran no level.";
    }
    levels.sort(Comparator.comparingDouble(level -> level.level().load()));
    LevelFigures first = summary.levels().get(0);
    if (levels.size() == 1 && !first.meetsTarget()) {
      return "The capacity search stopped after its first level: "
          + first.level().label()
          + " already misses the target ("
          + summary.config().target().describe()
          + "): "
          + misses(first, summary.config())
          + ". No load it could try meets the target"
          + (first.level().window().concurrency() > 1
              ? "; start it lower (llm.levels) to find the load that does."
              : ": even one stream at a time is over it. Look at the server's speed, the prompt"
                  + " and output lengths, or the SLO.");
    }
    String tried =
        levels.size() == 1
            ? "The capacity search ran one level (" + first.level().label() + "): "
            : "The capacity search ran "
                + levels.size()
                + " levels, from "
                + levels.get(0).level().label()
                + " to "
                + levels.get(levels.size() - 1).level().label()
                + ": ";
    return tried + story;
  }

  private static String sweep(RunSummary summary) {
    RunConfig config = summary.config();
    Capacity capacity = summary.capacity();
    boolean byGoodFraction = config.target().kind() == AttainmentTarget.Kind.GOOD_FRACTION_AT_LEAST;
    if (!byGoodFraction
        && config.target().metric() != AttainmentTarget.Metric.E2EL
        && PooledInputsSection.poolingOnly(summary)) {
      // Nothing to measure: every level misses such a target, whatever the service did.
      return "No tested level can meet the target ("
          + config.target().describe()
          + "): embeddings and rerank requests have no "
          + config.target().metric()
          + ". Judge them by their E2EL"
          + " (llm().capacityTarget(LlmDsl.e2elPercentileAtMost(99, ms))) or by the good fraction.";
    }
    if (byGoodFraction && !config.slos().anySet()) {
      return "No SLO is set, so every successful request counts as good: "
          + (capacity == null
              ? "no level had enough successful requests."
              : capacity.label()
                  + " is the highest level that succeeded, not a sustainable capacity.")
          + (PooledInputsSection.poolingOnly(summary)
              ? " Set llm.slo.e2elMs (or llm().e2elSlo(...)) for one: the only SLO that judges"
                  + " embeddings and rerank requests."
              : " Set llm.slo.ttftMs / llm.slo.tpotMs (or llm().ttftSlo(...)) for one.");
    }
    if (capacity == null) {
      LevelFigures lowest =
          summary.levels().stream()
              .filter(level -> !level.meetsTarget())
              .min(Comparator.comparingDouble(level -> level.level().load()))
              .orElse(null);
      return "No tested level meets the target ("
          + config.target().describe()
          + ")"
          + (lowest == null
              ? "."
              : ": " + lowest.level().label() + " misses it: " + misses(lowest, config) + ".");
    }
    if (capacity.breakingIndex() < 0) {
      return capacity.label()
          + " meets the target ("
          + config.target().describe()
          + ") and is the highest level tested: the capacity may be higher.";
    }
    LevelFigures next = summary.levels().get(capacity.breakingIndex());
    return capacity.label()
        + " is the highest level that meets the target ("
        + config.target().describe()
        + "); "
        + next.level().label()
        + " misses it: "
        + misses(next, config)
        + ". Nothing between them was tested: "
        + "resolution "
        + resolution(capacity, next)
        + ".";
  }

  private static String oneLevel(RunSummary summary) {
    RunConfig config = summary.config();
    LevelFigures only = summary.levels().isEmpty() ? null : summary.levels().get(0);
    String label = only == null ? "the run" : only.level().label();
    String verdict;
    if (only == null) {
      verdict = "";
    } else if (!config.slos().anySet()) {
      verdict = "; no SLO is set, so every successful request counted as good";
    } else if (only.meetsTarget()) {
      verdict = "; it meets the target (" + config.target().describe() + ")";
    } else {
      verdict =
          "; it misses the target (" + config.target().describe() + "): " + misses(only, config);
    }
    return "One load level ran ("
        + label
        + "), so no capacity search took place"
        + verdict
        + ". Several levels find the sustainable capacity: llm.levels in the ready simulations,"
        + " ConcurrencySteps or OpenRates in a simulation of your own.";
  }

  /** The gap between the capacity and the level that broke the target, in the levels' unit. */
  private static String resolution(Capacity capacity, LevelFigures breaking) {
    if (breaking.level().window().concurrency() > 0) {
      long streams = Math.round(capacity.resolution());
      return streams + (streams == 1 ? " stream" : " streams");
    }
    return String.format(Locale.ROOT, "%.1f req/s", capacity.resolution());
  }

  private static String misses(LevelFigures level, RunConfig config) {
    List<String> parts = new ArrayList<>();
    if (config.target().kind() == AttainmentTarget.Kind.GOOD_FRACTION_AT_LEAST) {
      parts.add(percent(level.figures().counts().goodFraction()) + " good requests");
    } else {
      parts.add(
          String.format(
              Locale.ROOT,
              "p%s %s %.1f ms",
              Micros.formatNumber(config.target().percentile()),
              config.target().metric(),
              level.attainment()));
    }
    SloMisses m = level.sloMisses();
    Slos slos = config.slos();
    share(
        parts,
        "of requests over the TTFT SLO (" + Micros.formatNumber(orZero(slos.ttftMs())) + " ms)",
        m.overTtft());
    share(
        parts,
        "of requests over the TPOT SLO (" + Micros.formatNumber(orZero(slos.tpotMs())) + " ms)",
        m.overTpot());
    share(
        parts,
        "of requests over the E2EL SLO (" + Micros.formatNumber(orZero(slos.e2elMs())) + " ms)",
        m.overE2el());
    share(parts, "of requests failed", m.failed());
    boolean open = level.level().window().isOpenModel();
    if (!level.keepsOfferedRate()) {
      Arrivals arrivals = level.figures().arrivals();
      parts.add(
          String.format(
              Locale.ROOT,
              "sent %.2f req/s of %.2f arriving",
              arrivals.achievedRequestRate(),
              arrivals.arrivalRate()));
    }
    boolean targetIsTtftP99 =
        config.target().kind() != AttainmentTarget.Kind.GOOD_FRACTION_AT_LEAST
            && config.target().metric() == AttainmentTarget.Metric.TTFT
            && config.target().percentile() == 99;
    if (level.figures().pooled().coversAll(level.figures().counts())) {
      // Embeddings and rerank requests have no first token: their one latency is the E2EL.
      parts.add(
          String.format(
              Locale.ROOT,
              "E2EL p99 %.1f ms",
              level.figures().pooled().e2el().orNaNWhenEmpty().p99()));
    } else if (!(targetIsTtftP99 && !open)) {
      // Said once: a TTFT p99 target has already named it.
      parts.add(
          String.format(
              Locale.ROOT,
              open ? "TTFT p99 %.1f ms from the arrival" : "TTFT p99 %.1f ms",
              SweepAnalysis.userTtft(level).p99()));
    }
    return String.join(", ", parts);
  }

  private static void share(List<String> parts, String what, double share) {
    if (!Double.isNaN(share) && share > 0) {
      parts.add(percent(share) + " " + what);
    }
  }

  private static double orZero(Double value) {
    return value == null ? 0 : value;
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f %%", 100 * share);
  }
}
