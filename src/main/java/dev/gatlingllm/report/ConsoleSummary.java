package dev.gatlingllm.report;

import static dev.gatlingllm.report.Numbers.fixed;

import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.health.ClientHealth;
import dev.gatlingllm.metrics.level.Arrivals;
import dev.gatlingllm.metrics.level.Figures;
import dev.gatlingllm.metrics.level.LevelFigures;
import dev.gatlingllm.metrics.level.OutputLengths;
import dev.gatlingllm.metrics.level.PooledInputs;
import dev.gatlingllm.metrics.level.RateFigures;
import dev.gatlingllm.metrics.level.TokenMismatch;
import dev.gatlingllm.metrics.server.ServerMetrics;
import dev.gatlingllm.metrics.stats.Distribution;
import dev.gatlingllm.metrics.sweep.Capacity;
import dev.gatlingllm.metrics.sweep.CostFigures;
import dev.gatlingllm.metrics.sweep.SweepAnalysis;
import dev.gatlingllm.values.RateBudget;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/** The text printed at the end of a run, in the spirit of vLLM's "Serving Benchmark Result". */
public final class ConsoleSummary {
  private static final int WIDTH = 60;

  private ConsoleSummary() {}

  /** The block without the page's path. */
  public static String format(RunSummary summary) {
    return format(summary, null);
  }

  /** The block, ending with the path of the page when one is given. */
  public static String format(RunSummary summary, Path indexHtml) {
    StringBuilder text = new StringBuilder(2048);
    rule(text, " LLM Serving Benchmark Result ", '=');
    requestsAndTokens(text, summary);
    throughputs(text, summary);
    outputLengths(text, summary.run().outputLengths());
    if (StructuredOutputSection.shown(summary)) {
      StructuredOutputSection.console(text, summary);
    }
    if (PooledInputsSection.shown(summary)) {
      PooledInputsSection.console(text, summary);
    }
    rateLimits(text, summary);
    latencies(text, summary.run(), PooledInputsSection.poolingOnly(summary));
    eventLoopDelay(text, summary.run());
    if (!PooledInputsSection.poolingOnly(summary)) {
      // A pooling run's levels are in its own table above, in the figures that apply to it.
      levels(text, summary);
    }
    if (RepeatsSection.shown(summary)) {
      rule(text, "Repeats: mean ± 95 % interval", '-');
      RepeatsSection.console(text, summary);
    }
    if (RequestNamesSection.shown(summary)) {
      rule(text, "By request name", '-');
      RequestNamesSection.consoleRows(text, summary);
    }
    if (AgentSessionsSection.shown(summary)) {
      rule(text, "Agent sessions", '-');
      AgentSessionsSection.console(text, summary);
    }
    openModelRates(text, summary);
    serverMetrics(text, summary);
    capacity(text, summary);
    cost(text, summary);
    warnings(text, summary);
    rule(text, "", '=');
    if (indexHtml != null) {
      text.append("LLM report: ").append(indexHtml.toAbsolutePath().normalize()).append('\n');
    }
    return text.toString();
  }

  /** How the run ended, how many requests it made and how many tokens went in and out. */
  private static void requestsAndTokens(StringBuilder text, RunSummary summary) {
    Figures run = summary.run();
    if (summary.interrupted()) {
      text.append("Run ").append(summary.interruption()).append('\n');
    }
    line(text, "Successful requests:", Long.toString(run.counts().completed()));
    line(text, "Failed requests:", Long.toString(run.counts().failed()));
    if (summary.interrupted()) {
      line(text, "Aborted requests:", Long.toString(summary.abortedRequests()));
    }
    line(text, "Measured duration (s):", fixed(run.windowSeconds(), 2));
    line(text, "Total input tokens:", Long.toString(run.tokens().totalInputTokens()));
    if (PooledInputsSection.poolingOnly(summary)) {
      return; // nothing generated: no output tokens, no count source
    }
    line(text, "Total generated tokens:", Long.toString(run.tokens().totalOutputTokens()));
    // Only for a workload with images: their count and bytes set what a request's input costs.
    if (run.images().any()) {
      line(text, "Images per request:", fixed(run.images().imagesPerRequest(), 2));
      line(text, "Image bytes per request:", fixed(run.images().bytesPerRequest(), 0));
    }
    if (run.audio().any()) {
      line(text, "Audio clips per request:", fixed(run.audio().clipsPerRequest(), 2));
      line(text, "Audio seconds per request:", fixed(run.audio().secondsPerRequest(), 2));
    }
    String countedBy = RequestKinds.outputCountedBy(run);
    if (countedBy != null) {
      line(text, "Output tokens counted by:", countedBy);
    }
    TokenMismatch mismatch = run.tokens().mismatch();
    if (mismatch.requests() > 0) {
      line(
          text,
          "Server vs client token count gap:",
          mismatch.absoluteDifference() + " (" + fixed(mismatch.percent(), 2) + " %)");
    }
  }

  /** Requests and tokens per second, the server's own speeds, and the goodput under the SLOs. */
  private static void throughputs(StringBuilder text, RunSummary summary) {
    Figures run = summary.run();
    line(text, "Request throughput (req/s):", fixed(run.throughput().requestThroughput(), 2));
    if (!PooledInputsSection.poolingOnly(summary)) {
      line(text, "Output token throughput (tok/s):", fixed(run.throughput().outputThroughput(), 2));
      line(
          text,
          "Total token throughput (tok/s):",
          fixed(run.throughput().totalTokenThroughput(), 2));
      line(text, "Per-stream output speed (tok/s):", fixed(Numbers.perStream(run), 2));
    }
    // The server's own times beside the client's, for servers that give them (Ollama, llama.cpp).
    if (run.serverTimes().decodeStreams() > 0) {
      line(
          text,
          "Server decode speed (tok/s):",
          fixed(run.serverTimes().decodeTokensPerSecond(), 2));
    }
    if (run.serverTimes().prefillStreams() > 0) {
      line(text, "Server prefill, mean (ms):", fixed(run.serverTimes().meanPrefillMillis(), 2));
    }
    if (summary.config().slos().anySet()) {
      line(text, "Request goodput (req/s):", fixed(run.throughput().requestGoodput(), 2));
      line(text, "Good fraction:", fixed(100 * run.counts().goodFraction(), 2) + " %");
    }
  }

  /** Early stops and output lengths, so that short answers are not read as speed. */
  private static void outputLengths(StringBuilder text, OutputLengths lengths) {
    if (lengths.stoppedEarly() <= 0) {
      return;
    }
    line(
        text,
        "Stopped before max tokens:",
        lengths.stoppedEarly()
            + " / "
            + lengths.withLimit()
            + " ("
            + fixed(100 * lengths.stoppedEarlyShare(), 1)
            + " %)");
    Distribution d = lengths.outputTokens();
    line(
        text,
        "Output tokens p50 / p90 / min / max:",
        fixed(d.p50(), 0)
            + " / "
            + fixed(d.p90(), 0)
            + " / "
            + fixed(d.min(), 0)
            + " / "
            + fixed(d.max(), 0));
  }

  /** The rates a provider meters, against its budget; shown with a budget or after an HTTP 429. */
  private static void rateLimits(StringBuilder text, RunSummary summary) {
    RateBudget budget = summary.config().rateBudget();
    RateFigures rates = summary.run().rates();
    if (budget == null && rates.rateLimited() == 0) {
      return;
    }
    rule(text, "Rate limits", '-');
    if (budget != null) {
      line(text, "Budget:", budget.describe());
    }
    line(
        text,
        "Requests per minute:",
        LengthsAndRatesSection.againstBudget(
            rates.requestsPerMinute(), budget == null ? 0 : budget.requestsPerMinute()));
    line(
        text,
        "Metered tokens per minute:",
        LengthsAndRatesSection.againstBudget(
            rates.meteredTokensPerMinute(), budget == null ? 0 : budget.tokensPerMinute()));
    line(
        text,
        "Busiest minute, requests / metered tok:",
        LengthsAndRatesSection.busiestMinute(rates, budget));
    line(
        text,
        "Input / output tokens per minute:",
        fixed(rates.inputTokensPerMinute(), 0) + " / " + fixed(rates.outputTokensPerMinute(), 0));
    line(
        text,
        "HTTP 429 (with Retry-After):",
        rates.rateLimited()
            + " ("
            + rates.withRetryAfter()
            + "), "
            + fixed(100 * rates.rateLimitedShare(), 1)
            + " %");
  }

  /** The latencies; a run of embeddings and rerank requests alone has no token to time. */
  private static void latencies(StringBuilder text, Figures run, boolean poolingOnly) {
    if (!poolingOnly) {
      latency(text, "Time to First Token", "TTFT", run.latency().ttft());
      latency(text, "Time per Output Token (excl. 1st token)", "TPOT", run.latency().tpot());
      latency(text, "Inter-token Latency", "ITL", run.latency().itl());
    }
    latency(text, "End-to-end Latency", "E2EL", run.latency().e2el());
  }

  /** How late the client's own event loop ran, when it was measured. */
  private static void eventLoopDelay(StringBuilder text, Figures run) {
    if (run.eventLoopDelay().count() <= 0) {
      return;
    }
    rule(text, "Client event-loop delay", '-');
    line(
        text,
        "P99 / max delay (ms):",
        fixed(run.eventLoopDelay().p99(), 2) + " / " + fixed(run.eventLoopDelay().max(), 2));
  }

  /** One row a load level, by load, when there is more than one; the capacity's row is marked. */
  private static void levels(StringBuilder text, RunSummary summary) {
    if (summary.levels().size() <= 1) {
      return;
    }
    rule(text, "Levels", '-');
    text.append(
        String.format(
            Locale.ROOT,
            "%-14s %10s %10s %10s %10s %10s\n",
            "level",
            "stream t/s",
            "output t/s",
            "TTFT p50",
            "TTFT p99",
            "loop p99"));
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      boolean capacity = summary.capacity() != null && summary.capacity().levelIndex() == i;
      levelRow(text, summary.levels().get(i), capacity);
    }
  }

  private static void levelRow(StringBuilder text, LevelFigures level, boolean capacity) {
    Figures f = level.figures();
    Distribution ttft = f.latency().ttft().orNaNWhenEmpty();
    text.append(
        String.format(
            Locale.ROOT,
            "%-14s %10s %10s %10s %10s %10s%s\n",
            level.level().label(),
            fixed(Numbers.perStream(f), 1),
            fixed(f.throughput().outputThroughput(), 1),
            fixed(ttft.p50(), 1),
            fixed(ttft.p99(), 1),
            f.eventLoopDelay().count() == 0 ? "-" : fixed(f.eventLoopDelay().p99(), 1),
            capacity ? "  <- capacity" : ""));
  }

  /** The server's own metrics per level, by load, when its metrics page was scraped. */
  private static void serverMetrics(StringBuilder text, RunSummary summary) {
    ServerMetrics server = summary.server();
    if (server == null || server.levels().isEmpty()) {
      return;
    }
    String engine = server.engine() == null ? "unknown engine" : server.engine().label();
    rule(text, "Server metrics (" + engine + ")", '-');
    text.append(ServerMetricsReport.consoleHeader());
    for (int i : SweepAnalysis.byLoad(summary.levels())) {
      if (i >= server.levels().size()) {
        continue;
      }
      LevelFigures level = summary.levels().get(i);
      text.append(
          ServerMetricsReport.consoleLine(
              level.level().label(), server.levels().get(i), level.figures()));
    }
    if (server.failures() > 0) {
      line(text, "Failed scrapes:", Long.toString(server.failures()));
    }
  }

  /** The target, the highest level that meets it and why, and the knee. */
  private static void capacity(StringBuilder text, RunSummary summary) {
    rule(text, "Capacity", '-');
    Capacity capacity = summary.capacity();
    line(text, "Target:", summary.config().target().describe());
    if (!CapacityStory.searched(summary)) {
      line(text, "Capacity search:", "none (one load level)");
    } else if (capacity == null) {
      text.append("No tested level meets the target.\n");
    } else {
      line(text, "Sustainable capacity:", capacity.label());
      if (PooledInputsSection.poolingOnly(summary)) {
        poolingCapacity(text, summary.levels().get(capacity.levelIndex()).figures().pooled());
      } else {
        line(text, "  output tok/s:", fixed(capacity.outputThroughput(), 1));
        line(text, "  per-stream tok/s:", fixed(capacity.perStreamTokensPerSecond(), 1));
        line(
            text,
            "  TTFT p50 / p99 (ms):",
            fixed(capacity.ttftP50Ms(), 1) + " / " + fixed(capacity.ttftP99Ms(), 1));
      }
    }
    if (summary.knee() != null) {
      line(text, "Knee:", summary.knee().label());
    }
    text.append(CapacityStory.explain(summary)).append('\n');
  }

  /** The capacity level of a pooling run, in the figures that apply to it. */
  private static void poolingCapacity(StringBuilder text, PooledInputs level) {
    line(text, "  requests/s:", fixed(level.requestThroughput(), 2));
    line(text, "  inputs/s:", fixed(level.inputsPerSecond(), 2));
    Distribution e2el = level.e2el().orNaNWhenEmpty();
    line(text, "  E2EL p50 / p99 (ms):", fixed(e2el.p50(), 1) + " / " + fixed(e2el.p99(), 1));
  }

  /** The deployment's cost against the API's, when prices were given. */
  private static void cost(StringBuilder text, RunSummary summary) {
    CostFigures cost = summary.cost();
    // Per million output tokens: a run of embeddings and rerank requests makes none.
    if (cost == null || PooledInputsSection.poolingOnly(summary)) {
      return;
    }
    String byLevel = CostByLevel.sentence(summary);
    if (byLevel != null) {
      text.append(byLevel).append('\n');
    }
    if (!Double.isNaN(cost.breakEvenTokensPerSecond())) {
      line(text, "Break-even (output tok/s):", fixed(cost.breakEvenTokensPerSecond(), 0));
    }
    if (Double.isNaN(cost.costPerMillionAtCapacity())) {
      return;
    }
    line(
        text,
        "Cost per M output at capacity:",
        fixed(cost.costPerMillionAtCapacity(), 3) + " " + cost.currency());
    // NaN with the hourly price alone: no API to compare with.
    if (cost.requiredUtilisation() <= 1) {
      line(text, "Required utilisation:", fixed(100 * cost.requiredUtilisation(), 1) + " %");
    } else if (cost.requiredUtilisation() > 1) {
      // Above 100 %: no share of the time at capacity pays, say so rather than the ratio.
      text.append("At capacity the deployment costs more than the API, even fully used.\n");
    }
  }

  /** What makes the client's figures doubtful, then the stalled streams' likely cause. */
  private static void warnings(StringBuilder text, RunSummary summary) {
    for (String warning : ClientHealth.warnings(summary)) {
      text.append("WARNING ").append(warning).append('\n');
    }
    long stalled =
        summary.run().counts().errors().entrySet().stream()
            .filter(error -> error.getKey().startsWith("stream stalled"))
            .mapToLong(Map.Entry::getValue)
            .sum();
    if (stalled > 0) {
      // The idle timeout also bounds the wait for the first byte: a long prompt's prefill, or a
      // deep queue, is silence the client cannot tell from a hung server.
      text.append(
          String.format(
              Locale.ROOT,
              "NOTE %d requests stalled (no data within llm.idleTimeoutSeconds): a server still"
                  + " prefilling a long prompt, or queueing it, sends nothing meanwhile; if it is"
                  + " only slow, raise llm.idleTimeoutSeconds\n",
              stalled));
    }
  }

  private static void latency(
      StringBuilder text, String title, String name, Distribution measured) {
    Distribution d = measured.orNaNWhenEmpty();
    rule(text, title, '-');
    line(text, "Mean " + name + " (ms):", fixed(d.mean(), 2));
    line(text, "Median " + name + " (ms):", fixed(d.p50(), 2));
    line(text, "P90 " + name + " (ms):", fixed(d.p90(), 2));
    line(text, "P99 " + name + " (ms):", fixed(d.p99(), 2));
  }

  private static void rule(StringBuilder text, String title, char fill) {
    int side = Math.max(0, WIDTH - title.length());
    text.append(String.valueOf(fill).repeat(side / 2))
        .append(title)
        .append(String.valueOf(fill).repeat(side - side / 2))
        .append('\n');
  }

  /** Each open-model level's arrivals against its sends: a client that queued them hid the wait. */
  private static void openModelRates(StringBuilder text, RunSummary summary) {
    if (summary.levels().stream().noneMatch(level -> level.level().window().isOpenModel())) {
      return;
    }
    boolean poolingOnly = PooledInputsSection.poolingOnly(summary);
    rule(text, "Offered and achieved rates (req/s)", '-');
    text.append(
        String.format(
            Locale.ROOT,
            "%-14s %10s %10s %10s %10s\n",
            "level",
            "arrived",
            "sent",
            "completed",
            FromArrival.latencyName(poolingOnly) + " p99*"));
    for (LevelFigures level : summary.levels()) {
      if (!level.level().window().isOpenModel()) {
        continue;
      }
      Figures f = level.figures();
      text.append(
          String.format(
              Locale.ROOT,
              "%-14s %10s %10s %10.2f %10.1f%s\n",
              level.level().label(),
              fixed(f.arrivals().arrivalRate(), 2),
              fixed(f.arrivals().achievedRequestRate(), 2),
              f.throughput().requestThroughput(),
              FromArrival.latency(f, poolingOnly).p99(),
              level.keepsOfferedRate()
                  ? ""
                  : "  <- sent below "
                      + Math.round(100 * Arrivals.KEEP_UP_SHARE)
                      + " % of the arrivals: not a capacity"));
    }
    text.append("* from the arrival, which judges the SLOs of an open-model level\n");
  }

  private static void line(StringBuilder text, String label, String value) {
    text.append(String.format(Locale.ROOT, "%-40s%20s\n", label, value));
  }
}
