package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.api.dialects.Dialects;
import dev.gatlingllm.api.pooling.EmbeddingsDialect;
import dev.gatlingllm.api.pooling.RerankDialect;
import dev.gatlingllm.dsl.LlmProtocolBuilder;
import dev.gatlingllm.dsl.load.RateLimits;
import dev.gatlingllm.dsl.load.TraceReplay;
import dev.gatlingllm.dsl.prompts.DatasetOptions;
import dev.gatlingllm.dsl.prompts.Datasets;
import dev.gatlingllm.dsl.prompts.OutputLengths;
import dev.gatlingllm.dsl.prompts.PromptFeeders;
import dev.gatlingllm.dsl.prompts.PromptRecords;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.metrics.request.RequestKind;
import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What every ready simulation reads from the {@code llm.*} properties: the target (a server, or the
 * embedded simulator started for the run) and the report's settings (SLOs, capacity target, prices,
 * run checks). All values are read and checked when the simulation is built, before any load. Close
 * it in the simulation's {@code after()}, which stops an embedded simulator.
 */
public final class ReadyRun implements AutoCloseable {
  private final LlmTarget target;
  private final ReportSettings report;

  /** {@link System#nanoTime()} when the target check was sent, or -1 when none was. */
  private final long probeSentNanos;

  private ReadyRun(LlmTarget target, ReportSettings report, long probeSentNanos) {
    this.target = target;
    this.report = report;
    this.probeSentNanos = probeSentNanos;
  }

  /**
   * The target and report settings the system properties describe. Unless {@code llm.probe=false},
   * a server given by {@code llm.baseUrl} is checked with one request ({@link TargetProbe}) before
   * the load: a closed port, a refused key or an unknown model stops the run here, in one line,
   * with no load sent.
   *
   * @return the run's settings
   */
  public static ReadyRun fromSystemProperties() {
    return fromSystemProperties(CapacityModel.DEFAULT.kvCacheTokens());
  }

  /**
   * As {@link #fromSystemProperties()}, for a trace replay: the embedded simulator's KV budget
   * holds twice the trace's longest request unless {@code sim.kvCacheTokens} is set, and a line is
   * printed for each way the target could fail the trace (a request longer than the timeouts allow,
   * a pace beyond the embedded simulator's engine), naming the property to change. See
   * docs/running.md, "Traces too large for the target".
   *
   * @param replay the trace to be replayed, at its speed
   * @return the run's settings
   */
  public static ReadyRun forTrace(TraceReplay replay) {
    long kvCacheTokens = TraceSizing.embeddedKvCacheTokens(replay.entries());
    ReadyRun run = fromSystemProperties(kvCacheTokens);
    if (run.target.embedded()
        && run.target.capacity().kvCacheTokens() == kvCacheTokens
        && kvCacheTokens > CapacityModel.DEFAULT.kvCacheTokens()) {
      System.out.println(
          "gatling-llm: trace sizing: the embedded simulator's KV budget is "
              + kvCacheTokens
              + " tokens, twice the trace's longest request (sim.kvCacheTokens sets another)");
    }
    LlmProtocol protocol = LlmProtocol.of(run.target.llm());
    for (String line :
        TraceSizing.warnings(
            replay,
            run.target.capacity(),
            run.target.embedded(),
            protocol.settings().idleTimeout(),
            protocol.settings().overallTimeout())) {
      System.out.println("gatling-llm: trace sizing: " + line);
    }
    return run;
  }

  private static ReadyRun fromSystemProperties(long embeddedKvCacheTokens) {
    Settings settings = Settings.fromSystemProperties();
    ReportSettings report = ReportSettings.read(settings);
    boolean probe = settings.flag("llm.probe", true);
    LlmTarget target = LlmTarget.fromSystemProperties(embeddedKvCacheTokens);
    // The embedded simulator is started by the run itself and answers any model: nothing to check.
    long probeSentNanos = -1;
    if (probe && !target.embedded()) {
      probeSentNanos = System.nanoTime();
      TargetProbe.check(target.baseUrl(), target.llm());
    }
    return new ReadyRun(target, report, probeSentNanos);
  }

  /**
   * When the target check was sent ({@link System#nanoTime()}), or -1 when none was: a rate-limited
   * run counts it in its first minute, as the provider does ({@link RateLimits#sentBefore}).
   */
  public long probeSentNanos() {
    return probeSentNanos;
  }

  /**
   * Whether requests ask for {@code ignore_eos}: {@code llm.ignoreEos} when set, else the
   * workload's default; never for a dialect without the field (see {@link LlmTarget#ignoreEos}).
   *
   * @param workloadDefault true for fixed-length workloads (random prompts), false for datasets
   */
  public boolean ignoreEos(boolean workloadDefault) {
    return target.ignoreEos(workloadDefault);
  }

  /**
   * @return Gatling's http protocol for the target
   */
  public HttpProtocolBuilder http() {
    return target.http();
  }

  /**
   * The LLM protocol for the target, measuring the planned levels with the report's settings.
   *
   * @param plannedLevels the levels of the load model ({@code steps.plannedLevels()})
   * @return a protocol builder to pass to {@code protocols(...)}
   */
  public LlmProtocolBuilder llm(List<LevelWindow> plannedLevels) {
    // Every ready simulation plans its levels here: the last moment to refuse a concurrency the
    // process's descriptor limit cannot hold, before any load.
    int streams = plannedLevels.stream().mapToInt(LevelWindow::concurrency).max().orElse(0);
    if (streams > 0) {
      DescriptorBudget.check(streams, target.embedded());
    }
    double rate =
        plannedLevels.stream()
            .filter(LevelWindow::isOpenModel)
            .mapToDouble(LevelWindow::requestRate)
            .max()
            .orElse(0);
    if (rate > 0) {
      // The open model's streams are its rate times the server's time: checked for the least.
      DescriptorBudget.checkOpen(
          rate,
          Settings.fromSystemProperties().wholeNumber("llm.maxConcurrency", 0),
          target.embedded());
    }
    return report.applyTo(target.llm(), plannedLevels);
  }

  /**
   * Exact-length random prompts as the settings describe them, all {@code plannedPrompts} generated
   * now, while the simulation is built, so that no virtual user waits for a tokenizer. Each record
   * holds {@code messages}.
   *
   * @param settings the workload's settings
   * @param plannedPrompts how many the run will use ({@link PlannedPrompts})
   * @return a feeder
   */
  public Iterator<Map<String, Object>> randomPrompts(
      WorkloadSettings settings, long plannedPrompts) {
    WorkloadSettings.PromptShape shape = settings.prompts();
    return PromptFeeders.randomPrompts(
        tokenizer(settings),
        shape.inputTokens(),
        shape.rangeRatio(),
        shape.prefix(),
        shape.seed(),
        shape.outputRangeRatio() > 0
            ? new OutputLengths(shape.outputTokens(), shape.outputRangeRatio(), shape.seed())
            : null,
        plannedPrompts);
  }

  /**
   * A request's output tokens: its record's own ({@link PromptRecords#MAX_TOKENS}, drawn with
   * {@code llm.outputRangeRatio} or a dataset's), else {@code llm.outputTokens}.
   *
   * @param settings the workload's settings
   * @return for {@code maxTokens(...)}
   */
  public Function<Session, Integer> maxTokens(WorkloadSettings settings) {
    int outputTokens = settings.prompts().outputTokens();
    return session ->
        session.contains(PromptRecords.MAX_TOKENS)
            ? session.getInt(PromptRecords.MAX_TOKENS)
            : outputTokens;
  }

  /**
   * A dataset's records ({@link Datasets}), read now with the options of {@code llm.dataset.*}:
   * ShareGPT, JSONL, Hugging Face-style fields; a record's recorded answer sets its output limit
   * with {@code llm.dataset.answerLength=true}, counted with the settings' tokenizer.
   *
   * @param location a path or a classpath resource
   * @param settings the workload's settings (its tokenizer)
   * @return the records, for a feeder
   */
  public List<Map<String, Object>> dataset(String location, WorkloadSettings settings) {
    DatasetOptions options = datasetOptions(Settings.fromSystemProperties());
    Datasets.Read read;
    try {
      read = Datasets.read(location, options, options.answerLength() ? tokenizer(settings) : null);
    } catch (IllegalArgumentException e) {
      throw UserError.of(e); // the message names the file and the line or element
    }
    if (read.skipped() > 0) {
      System.out.println(
          "gatling-llm: "
              + location
              + ": "
              + read.skipped()
              + " records with nothing to send skipped"
              + " (no human turn)");
    }
    if (read.withoutAnswer() > 0) {
      System.out.println(
          "gatling-llm: "
              + location
              + ": "
              + read.withoutAnswer()
              + " of "
              + read.records().size()
              + " records hold no recorded answer to take the output length from"
              + " (llm.dataset.answerLength): they ask for llm.outputTokens ("
              + settings.prompts().outputTokens()
              + ")");
    }
    return read.records();
  }

  /**
   * The dataset options of {@code llm.dataset.promptField}, {@code llm.dataset.answerField}, {@code
   * llm.dataset.answerLength} and {@code llm.dataset.limit}.
   */
  private static DatasetOptions datasetOptions(Settings settings) {
    return new DatasetOptions(
        settings.text("llm.dataset.promptField", null),
        settings.text("llm.dataset.answerField", null),
        settings.flag("llm.dataset.answerLength", false),
        settings.wholeNumber("llm.dataset.limit", 0));
  }

  /**
   * The tokenizer prompts are built and counted with: {@code llm.tokenizer}, a JTokkit encoding,
   * the model's own {@code hf:<tokenizer.json>} or the target's {@code /tokenize} ({@code server}).
   * For use while the simulation is built: the server's one blocks.
   *
   * @param settings the workload's settings
   */
  public Tokenizer tokenizer(WorkloadSettings settings) {
    try {
      return Tokenizers.byName(settings.prompts().tokenizer(), target.baseUrl(), null);
    } catch (UserError e) {
      throw e;
    } catch (IllegalArgumentException e) {
      // Named by its property: against the embedded simulator this is the first read of it.
      throw new UserError("llm.tokenizer: " + e.getMessage());
    }
  }

  /**
   * @return the population judging the run checks ({@code llm.check.*}) after the load, or null for
   *     none
   */
  public PopulationBuilder checks() {
    return report.checksPopulation();
  }

  /**
   * The simulation's own assertions and the run checks' one.
   *
   * @param own the simulation's assertions
   * @return every assertion, to pass to {@code assertions(...)}
   */
  public List<Assertion> assertions(Assertion... own) {
    List<Assertion> all = new ArrayList<>(List.of(own));
    all.addAll(report.assertions());
    return all;
  }

  /**
   * @return the TTFT SLO in milliseconds, or null when none is set
   */
  public Double sloTtftMs() {
    return report.sloTtftMs();
  }

  /**
   * Prints what runs against what: the workload in one line, then the settings a block.
   *
   * @param description the workload, e.g. {@code "concurrency sweep [1, 4, 16]"}
   */
  public void announce(String description) {
    StringBuilder text =
        new StringBuilder("gatling-llm: ")
            .append(description)
            .append(", against the ")
            .append(target.describe());
    report.describe(text);
    System.out.print(text);
  }

  /**
   * The same, for a run of embeddings requests alone ({@code rerank} false) or of rerank requests
   * alone: their endpoint and dialect, and the one SLO that judges them (the E2EL's), not the chat
   * settings of the protocol beside them.
   */
  public void announcePooling(String description, boolean rerank) {
    StringBuilder text =
        new StringBuilder("gatling-llm: ")
            .append(description)
            .append(", against the ")
            .append(
                target.describe(
                    Dialects.forRequest(rerank ? RerankDialect.ID : EmbeddingsDialect.ID)));
    report.describe(text, RequestKind.POOLING);
    System.out.print(text);
  }

  /** Stops the embedded simulator, if the run started one. */
  @Override
  public void close() {
    target.close();
  }
}
