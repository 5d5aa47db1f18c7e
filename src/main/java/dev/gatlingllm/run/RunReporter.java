package dev.gatlingllm.run;

import dev.gatlingllm.check.CheckVerdict;
import dev.gatlingllm.logging.UserErrorLines;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.aggregate.RunRecorder;
import dev.gatlingllm.metrics.aggregate.RunSummary;
import dev.gatlingllm.metrics.aggregate.SaturationStop;
import dev.gatlingllm.metrics.health.EventLoopDelayProbe;
import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.metrics.request.RequestResult;
import dev.gatlingllm.report.GatlingPageFigures;
import dev.gatlingllm.report.LlmReportWriter;
import dev.gatlingllm.report.compare.BaselineComparison;
import dev.gatlingllm.report.compare.ComparisonText;
import dev.gatlingllm.stream.InFlightExchanges;
import dev.gatlingllm.values.LevelWindow;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One run's LLM report: records every finished request in a {@link RunRecorder} (requests.csv
 * streams into {@code <results>/llm/} during the run), opens load levels as the load model reaches
 * them, and when the run ends writes summary.json, run.json and index.html there and prints the
 * console summary.
 */
public final class RunReporter {
  static final String VERSION = version();

  /**
   * How long a stopped run waits for its requests in flight to end as aborted on their event loops;
   * within a CI system's grace time between SIGTERM and SIGKILL (10 s and more).
   */
  static final Duration STOP_PATIENCE = Duration.ofSeconds(3);

  private final RunRecorder recorder;
  private final Path resultsDir;
  private final Path llmDir;
  private final RunHost runtime;
  private final InFlightExchanges inFlight = new InFlightExchanges();
  private EventLoopDelayProbe probe;
  private ServerMetricsScraper serverMetrics;
  private ShutdownReport onExit;
  private ProgressLines progress;

  /** The run's figures once it ended, for the last progress line. */
  private volatile RunSummary finalSummary;

  /** The figures the report was written with, for Gatling's page. */
  private volatile RunSummary writtenSummary;

  /** The LLM checks judged so far ({@link #recordVerdicts}), for junit.xml and summary.md. */
  private final List<CheckVerdict> verdicts = new CopyOnWriteArrayList<>();

  private boolean finished;

  /** The run to compare this one with when it ends, or null. */
  private BaselinePlan baseline;

  /** Per level of a sweep, whether it was stopped before it started ({@link #sweepStopsBefore}). */
  private final java.util.concurrent.ConcurrentMap<
          Integer, java.util.concurrent.CompletableFuture<Boolean>>
      stopDecisions = new java.util.concurrent.ConcurrentHashMap<>();

  /** Set on the deciding thread once a level was stopped: every later one is too. */
  private volatile boolean sweepStopped;

  /**
   * The exit status the comparison asks for once Gatling's page is written: 0, {@link
   * BaselinePlan#REGRESSION_STATUS} or {@link BaselinePlan#UNREADABLE_STATUS}.
   */
  private volatile int exitStatus;

  /** The comparison's verdict in a few words, for Gatling's page; null without a baseline. */
  private volatile String comparisonVerdict;

  /**
   * Whether summary.json gets the per-request arrays; set once, before the run's end can call
   * finish.
   */
  private boolean detailedResults;

  private RunReporter(RunRecorder recorder, Path resultsDir, Path llmDir, RunHost runtime) {
    this.recorder = recorder;
    this.resultsDir = resultsDir;
    this.llmDir = llmDir;
    this.runtime = runtime;
  }

  /** Probes Gatling's event loops for the whole run, unless the plan turned the probe off. */
  private void startProbe(Duration interval) {
    long nanos = interval.toNanos();
    if (nanos > 0) {
      probe =
          new EventLoopDelayProbe(
                  runtime.eventLoops(),
                  nanos,
                  recorder::recordEventLoopDelay,
                  System::nanoTime,
                  runtime::nowMillis)
              .start();
    }
  }

  /**
   * Starts the run's report: one reporter per run, shared by every scenario (the caller keeps it);
   * the report is written when the run ends, or when the JVM is stopped before.
   */
  public static RunReporter start(RunPlan plan, RunHost runtime) {
    ParentWatchdog.startOnce(System.out);
    RunConfig template = plan.report();
    RunConfig config =
        template
            .withRunStart(runtime.nowMillis())
            .withWorkload(
                plan.model(), plan.endpoint(), template.inputLength(), template.outputLength())
            .withToolVersion(VERSION);
    if (!plan.reportEnabled()) {
      return new RunReporter(new RunRecorder(config, null), null, null, runtime);
    }
    Path resultsDir = ResultsFolder.locate();
    ReportOutput.Opened opened =
        ReportOutput.open(config, resultsDir.resolve("llm"), System.out, plan.detailedResults());
    RunReporter reporter = new RunReporter(opened.recorder(), resultsDir, opened.llmDir(), runtime);
    reporter.detailedResults = plan.detailedResults();
    reporter.baseline = plan.baseline();
    reporter.startProbe(plan.eventLoopProbeInterval());
    reporter.startProgress(config);
    if (plan.serverMetricsUrl() != null) {
      reporter.serverMetrics =
          ServerMetricsScraper.start(
              plan.serverMetricsUrl(), ServerMetricsScraper.DEFAULT_INTERVAL, System.out);
    }
    // At the run's end Gatling's records are closed and its assertions can be judged; not when the
    // JVM is stopped.
    runtime.onRunEnd(
        () -> {
          reporter.finish(RunSummary.NOT_INTERRUPTED, true);
          reporter.afterGatlingsPage();
        });
    reporter.onExit = new ShutdownReport(reporter::finishInterrupted).register();
    return reporter;
  }

  /** The run's requests sent and not ended, which a stop of the run counts as aborted. */
  public InFlightExchanges inFlight() {
    return inFlight;
  }

  private void startProgress(RunConfig config) {
    progress =
        new ProgressLines(
                config.levels().size(), System.out, runtime::nowMillis, this::reportedThroughput)
            .start(ProgressLines.INTERVAL);
    if (config.levels().isEmpty()) {
      progress.levelStarted(0, "whole run");
    }
  }

  /**
   * Level {@code index}'s output tok/s as the report's tables give it (the run's, for a run without
   * levels), for a level's closing progress line; NaN when there is none yet.
   */
  private double reportedThroughput(int index) {
    RunSummary summary = finalSummary;
    if (recorder.config().levels().isEmpty()) {
      return summary == null ? Double.NaN : summary.run().throughput().outputThroughput();
    }
    if (summary == null) {
      return recorder.levelOutputThroughput(index, runtime.nowMillis());
    }
    return summary.levels().stream()
        .filter(level -> level.level().window().index() == index)
        .mapToDouble(level -> level.figures().throughput().outputThroughput())
        .findFirst()
        .orElse(Double.NaN);
  }

  /**
   * The verdicts of run checks judged during the run (the LLM checks), each a test case in
   * junit.xml.
   */
  public void recordVerdicts(List<CheckVerdict> judged) {
    verdicts.addAll(judged);
  }

  /** Notes the model a request addresses, so that the report names every model of the run. */
  public void noteModel(String model) {
    recorder.noteModel(model);
  }

  /**
   * Records one finished request, on the virtual user's thread, never blocking; its result carries
   * the output limit it asked for and how it ended, so that the report counts the requests that
   * stopped before it. Attributed by start time to the level windows the load models open; levels
   * never overlap, so this is the level the virtual user was tagged with.
   */
  public void record(
      String requestName, String endpoint, long startEpochMillis, RequestResult result) {
    recorder.record(requestName, endpoint, startEpochMillis, result);
    if (progress != null) {
      progress.requestEnded(
          result.ok(),
          result.tokens().outputTokens(),
          RequestKind.of(result.tokens()) == RequestKind.POOLING,
          result.sessionTurn().turn());
    }
  }

  /**
   * The load model reached level {@code index}: its window starts now (first call of the level
   * wins).
   */
  public void startLevel(int index) {
    startLevel(index, 0, 0);
  }

  /**
   * The same, for a level whose concurrency was chosen as it started.
   *
   * @param streams its concurrency, or 0 for the one planned
   * @param plannedRequests the requests it runs in all, for the progress lines, or 0 when not known
   */
  public void startLevel(int index, int streams, long plannedRequests) {
    // The settle time is stored once, in the run's configuration (the protocol's settle(...)).
    recorder.startLevel(index, runtime.nowMillis(), recorder.config().warmupMillis(), streams);
    if (progress != null && index < recorder.config().levels().size()) {
      LevelWindow planned = recorder.config().levels().get(index);
      progress.levelStarted(
          index,
          streams > 0 ? LevelWindow.pending(index, streams, 0).label() : planned.label(),
          plannedRequests);
    }
  }

  /**
   * Run {@code repeat} (from 1) of level {@code index} starts now: the level's requests from now on
   * count in that run too (first call of the run wins).
   */
  public void startRepeat(int index, int repeat) {
    recorder.startRepeat(index, repeat, runtime.nowMillis());
  }

  /**
   * Why the request misses the SLOs (goodput), or null when it is good: judged as its level judges
   * it (in an open model from its arrival).
   *
   * @param startEpochMillis when it was sent, which places it in its level
   */
  public String whyNotGood(long startEpochMillis, RequestResult result) {
    return recorder.whyNotGood(startEpochMillis, result);
  }

  public boolean slosSet() {
    return recorder.config().slos().anySet();
  }

  /**
   * Whether a sweep stops before level {@code index}: decided once, for the first user of the level
   * to ask, from the figures of the levels before it ({@link SaturationStop}); the console says why
   * when it stops. Once stopped, every later level is stopped too.
   *
   * <p>Decided off the event loops, on one thread of its own: the decision summarises every level
   * so far (their histograms' percentiles under the recorder's lock), which no event loop should
   * wait for while other users' streams are still being read. Levels are decided in the order they
   * are asked, which is the sweep's.
   *
   * @return the decision, completed on the deciding thread
   */
  public java.util.concurrent.CompletableFuture<Boolean> sweepStopsBefore(int index) {
    return stopDecisions.computeIfAbsent(
        index,
        level ->
            java.util.concurrent.CompletableFuture.supplyAsync(
                () -> decideStop(level), StopDecider.EXECUTOR));
  }

  private boolean decideStop(int index) {
    if (sweepStopped) {
      return true;
    }
    String why;
    try {
      why = SaturationStop.reason(snapshot(), index);
    } catch (RuntimeException e) {
      // A check that cannot be made stops nothing: the sweep runs on, as without it.
      System.err.println(
          "gatling-llm: the saturation check before level "
              + (index + 1)
              + " could not be made ("
              + e
              + "); the sweep goes on");
      return false;
    }
    if (why != null) {
      sweepStopped = true;
      System.out.println(
          "gatling-llm: the sweep stops before level "
              + (index + 1)
              + ": "
              + why
              + " (llm.saturationStop=false runs every level)");
    }
    return sweepStopped;
  }

  /** The one thread saturation stops are decided on: a daemon, so that it never holds the JVM. */
  private static final class StopDecider {
    static final java.util.concurrent.ExecutorService EXECUTOR =
        java.util.concurrent.Executors.newSingleThreadExecutor(
            task -> {
              Thread thread = new Thread(task, "gatling-llm-saturation-stop");
              thread.setDaemon(true);
              return thread;
            });
  }

  /** The figures so far (for checks during the run). */
  public RunSummary snapshot() {
    return recorder.snapshot(runtime.nowMillis());
  }

  /**
   * Writes the report once, at the end of the run or when the JVM is stopped before it (the figures
   * so far); later calls do nothing.
   */
  public void finish() {
    finish(RunSummary.NOT_INTERRUPTED, false);
  }

  /**
   * The JVM is stopping before the run's end (SIGTERM, Ctrl-C, its parent gone): the requests in
   * flight end as aborted, with the timings they reached, before the report is written with the
   * time of the stop.
   */
  void finishInterrupted() {
    long stoppedAt = runtime.nowMillis();
    synchronized (this) {
      if (finished) {
        return;
      }
    }
    int atStop = inFlight.size();
    int lost;
    try {
      lost = inFlight.stopAll(STOP_PATIENCE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      lost = inFlight.size();
    }
    if (lost > 0) {
      // Both counts of the stop in one line, so that it agrees with the report's "N requests in
      // flight aborted": the aborted are those that ended, the rest are in no count.
      System.out.println(stopLine(Math.max(atStop, lost), lost));
    }
    finish(stoppedAt, false);
  }

  /**
   * What the console says of a stop that left requests unended: of those in flight at the stop, how
   * many ended as aborted (the report's count) and how many did not (in no count).
   */
  static String stopLine(int inFlightAtStop, int notEnded) {
    return "[gatling-llm] of "
        + inFlightAtStop
        + " requests in flight at the stop, "
        + (inFlightAtStop - notEnded)
        + " ended (aborted, or as they finished) and "
        + notEnded
        + " did not end within "
        + STOP_PATIENCE.toSeconds()
        + " s (their event loops ran nothing more): those are in no count";
  }

  /**
   * @param interruptedAtEpochMillis when a stop interrupted the run, or {@link
   *     RunSummary#NOT_INTERRUPTED}
   * @param runEnded true at the engine's run end, when its own assertions can be judged too
   */
  private synchronized void finish(long interruptedAtEpochMillis, boolean runEnded) {
    if (finished) {
      return;
    }
    finished = true;
    try {
      writeReport(interruptedAtEpochMillis, runEnded);
    } finally {
      // Only now: a stop (Ctrl-C, SIGTERM) while the report is written must find the hook, which
      // then waits for this report (it needs this object's lock) instead of letting the JVM end
      // with it half written.
      if (onExit != null) {
        onExit.cancel();
      }
    }
  }

  private void writeReport(long interruptedAtEpochMillis, boolean runEnded) {
    if (probe != null) {
      probe.stop();
    }
    RunSummary summary = recorder.finish(runtime::nowMillis);
    finalSummary = summary;
    if (progress != null) {
      progress.close();
    }
    if (serverMetrics != null) {
      summary = summary.withServer(serverMetrics.stop());
    }
    if (interruptedAtEpochMillis != RunSummary.NOT_INTERRUPTED) {
      summary = summary.interruptedAt(interruptedAtEpochMillis);
    }
    List<CheckVerdict> all = new ArrayList<>(verdicts);
    if (runEnded && llmDir != null) {
      all.addAll(gatlingAssertions());
    }
    writtenSummary = summary;
    ReportOutput.write(
        summary,
        llmDir,
        llmDir == null ? null : resultsDir.resolve("index.html"),
        recorder.csvFailure(),
        System.out,
        detailedResults,
        all);
    if (baseline != null && llmDir != null) {
      compareWithBaseline(summary, all);
    }
  }

  /**
   * Compares the report just written with the baseline's: the table in the console, the verdicts
   * added to junit.xml and summary.md, comparison.md beside them. A baseline that cannot be read
   * costs the comparison (one line says why), not the report.
   */
  private void compareWithBaseline(RunSummary summary, List<CheckVerdict> verdicts) {
    BaselineComparison comparison;
    try {
      comparison =
          BaselineComparison.compare(
              baseline.path(), llmDir, baseline.thresholds(), baseline.redactor());
      List<CheckVerdict> all = new ArrayList<>(verdicts);
      all.addAll(ComparisonText.verdicts(comparison));
      BaselineComparison compared = comparison;
      LlmReportWriter.addComparison(
          llmDir,
          all,
          summary,
          ComparisonText.markdown(comparison),
          page -> ComparisonText.intoPage(page, compared));
    } catch (IOException | IllegalArgumentException e) {
      // Never "no regression": a gate that cannot read its baseline judged nothing, and fails.
      unreadableBaseline(summary, verdicts, baseline.redactor().redact(e.getMessage()));
      return;
    }
    System.out.print(ComparisonText.console(comparison));
    comparisonVerdict = ComparisonText.verdict(comparison);
    if (comparison.regressions() > 0) {
      System.out.println(
          baseline.failOnRegression()
              ? "gatling-llm: the run regressed against its baseline: the build fails"
                  + " (llm.baseline.failOnRegression=false to only report it)"
              : "gatling-llm: the run regressed against its baseline (reported only:"
                  + " llm.baseline.failOnRegression=false)");
      if (baseline.failOnRegression()) {
        exitStatus = BaselinePlan.REGRESSION_STATUS;
      }
    }
  }

  /**
   * A baseline that is not a readable report: one line in the console, a failed case in junit.xml
   * and the line in summary.md and comparison.md, and the exit status {@value
   * BaselinePlan#UNREADABLE_STATUS}.
   */
  private void unreadableBaseline(RunSummary summary, List<CheckVerdict> verdicts, String why) {
    String line = "the baseline cannot be compared with: " + why;
    System.out.println(
        "gatling-llm: "
            + line
            + "; the build fails (exit status "
            + BaselinePlan.UNREADABLE_STATUS
            + ")");
    comparisonVerdict = "the baseline is not a readable report";
    exitStatus = BaselinePlan.UNREADABLE_STATUS;
    List<CheckVerdict> all = new ArrayList<>(verdicts);
    all.add(new CheckVerdict(ComparisonText.SUITE, "baseline readable", false, why));
    try {
      LlmReportWriter.addComparison(
          llmDir, all, summary, "## Against a baseline\n\n" + line + "\n", page -> null);
    } catch (IOException | RuntimeException e) {
      System.out.println("gatling-llm: the report was not told of the baseline: " + e);
    }
  }

  /**
   * In Gatling's launcher, once Gatling has written its own page: the LLM figures go onto it, and a
   * regression against the baseline makes the JVM's exit status {@value
   * BaselinePlan#REGRESSION_STATUS}, so that the build fails. The run's end comes before Gatling
   * parses its log and writes its page, and Gatling decides its exit status from its assertions
   * alone: a shutdown hook, run when Gatling's launcher exits after its page, does both (a halt is
   * the one way a hook sets the status). Elsewhere (a run started in-process) nothing waits for
   * Gatling's page.
   */
  private void afterGatlingsPage() {
    RunSummary written = writtenSummary;
    if (resultsDir == null || written == null || !UserErrorLines.inGatlingsLauncher()) {
      return;
    }
    Runnable after =
        () -> {
          try {
            GatlingPageFigures.addTo(resultsDir, written, comparisonVerdict);
          } catch (IOException | RuntimeException e) {
            System.out.println("gatling-llm: Gatling's page was not given the LLM figures: " + e);
          }
          if (exitStatus != 0) {
            System.out.flush();
            Runtime.getRuntime().halt(exitStatus);
          }
        };
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(after, "llm-after-gatlings-page"));
    } catch (IllegalStateException shuttingDown) {
      after.run(); // the JVM is stopping already
    }
  }

  /**
   * The engine's assertions, but the one on the LLM checks' records ({@code
   * LlmDsl.llmChecksPassed()}) when the checks were judged: each check is a test case already, and
   * one failed check must make one failed test case, not two. A log that cannot be read costs their
   * test cases (one line says so), not the report.
   */
  private List<CheckVerdict> gatlingAssertions() {
    try {
      boolean checksJudged = !verdicts.isEmpty();
      return runtime.judgeAssertions(resultsDir).stream()
          .filter(a -> !(checksJudged && a.name().startsWith(CheckVerdict.LLM_CHECKS + ":")))
          .toList();
    } catch (RuntimeException | LinkageError e) {
      System.out.println("gatling-llm: Gatling's assertions are not in junit.xml: " + e);
      return List.of();
    }
  }

  /**
   * The plugin's version, stamped by the build into {@code gatling-llm.properties}; "dev" only
   * where the classes run from sources that no build filtered (an IDE's own compilation).
   */
  private static String version() {
    try (InputStream in =
        RunReporter.class.getResourceAsStream("/dev/gatlingllm/gatling-llm.properties")) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        String version = properties.getProperty("version");
        if (version != null && !version.isBlank() && !version.startsWith("${")) {
          return version;
        }
      }
    } catch (IOException e) {
      // falls through to "dev"
    }
    return "dev";
  }
}
