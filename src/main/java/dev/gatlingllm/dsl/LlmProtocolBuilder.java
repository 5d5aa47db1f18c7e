package dev.gatlingllm.dsl;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.dialects.Dialects;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.sweep.Pricing;
import dev.gatlingllm.properties.LlmProperties;
import dev.gatlingllm.properties.PropertyBounds;
import dev.gatlingllm.properties.ResultsRoot;
import dev.gatlingllm.report.compare.BaselineComparison;
import dev.gatlingllm.report.compare.Thresholds;
import dev.gatlingllm.run.BaselinePlan;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.stream.StreamSettings;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.LevelWindow;
import dev.gatlingllm.values.MaxTokensField;
import dev.gatlingllm.values.RateBudget;
import dev.gatlingllm.values.SloRecords;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.core.protocol.Protocol;
import io.gatling.javaapi.core.ProtocolBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.NullUnmarked;
import org.jspecify.annotations.Nullable;

/** Immutable builder of the {@link LlmProtocol}: every call returns a new builder. */
@NullMarked
public final class LlmProtocolBuilder implements ProtocolBuilder {
  static final LlmProtocolBuilder DEFAULT = new LlmProtocolBuilder(Fields.of(LlmProtocol.DEFAULTS));

  /**
   * Every simulation, the ready ones and a user's own, judges goodput and capacity by default
   * against SLOs an interactive chat needs (the metrics reference's capacity bound on TTFT; 50 ms
   * per token is 20 tokens/s, faster than one reads): without SLOs every successful request would
   * be good and the top tested level would pass for a capacity. {@code -Dllm.slo.ttftMs=none} turns
   * one off, {@link #noSlos()} all of them.
   */
  public static final double DEFAULT_TTFT_SLO_MS = 500;

  /** See {@link #DEFAULT_TTFT_SLO_MS}. */
  public static final double DEFAULT_TPOT_SLO_MS = 50;

  /** The protocol's fields while one of them changes; never shared between builders. */
  // Copied field by field; its unset values are nulls, as the protocol's are.
  @NullUnmarked
  private static final class Fields {
    LlmDialect dialect;
    String endpoint;
    String model;
    String apiKey;
    StreamSettings settings;
    boolean includeUsage;
    Tokenizer tokenizer;
    RunConfig report;
    boolean reportEnabled;
    Duration eventLoopProbeInterval;
    boolean tokenRecords;
    boolean detailedResults;
    String serverMetricsUrl;
    MaxTokensField maxTokensField;
    SloRecords sloRecords;
    boolean ttftRecords;
    BaselinePlan baseline;

    static Fields of(LlmProtocol p) {
      Fields f = new Fields();
      f.dialect = p.dialect();
      f.endpoint = p.endpoint();
      f.model = p.model();
      f.apiKey = p.apiKey();
      f.settings = p.settings();
      f.includeUsage = p.includeUsage();
      f.tokenizer = p.tokenizer();
      f.report = p.report();
      f.reportEnabled = p.reportEnabled();
      f.eventLoopProbeInterval = p.eventLoopProbeInterval();
      f.tokenRecords = p.tokenRecords();
      f.detailedResults = p.detailedResults();
      f.serverMetricsUrl = p.serverMetricsUrl();
      f.maxTokensField = p.maxTokensField();
      f.sloRecords = p.sloRecords();
      f.ttftRecords = p.ttftRecords();
      f.baseline = p.baseline();
      return f;
    }

    Fields copy() {
      return of(build());
    }

    LlmProtocol build() {
      return new LlmProtocol(
          dialect,
          endpoint,
          model,
          apiKey,
          settings,
          includeUsage,
          tokenizer,
          report,
          reportEnabled,
          eventLoopProbeInterval,
          tokenRecords,
          detailedResults,
          serverMetricsUrl,
          maxTokensField,
          sloRecords,
          ttftRecords,
          baseline);
    }
  }

  private final Fields fields;
  private final LlmProtocol protocol;

  /**
   * The defaults with the run-wide switches a user may flip with {@code -D} in any simulation
   * ({@code llm.tokenRecords}, {@code llm.detailedResults}, {@code llm.sloRecords}, the SLOs {@code
   * llm.slo.ttftMs}, {@code llm.slo.tpotMs} and {@code llm.slo.e2elMs}), after every {@code llm.*}
   * property given was found known: the builder's own calls still win over them.
   */
  static LlmProtocolBuilder fromSystemProperties() {
    Properties properties = System.getProperties();
    LlmProperties.rejectUnknown(properties);
    ResultsRoot.requireWritable(properties);
    LlmProtocolBuilder builder =
        DEFAULT.withSlos(
            new Slos(
                LlmProperties.sloMillis(properties, "llm.slo.ttftMs", DEFAULT_TTFT_SLO_MS),
                LlmProperties.sloMillis(properties, "llm.slo.tpotMs", DEFAULT_TPOT_SLO_MS),
                LlmProperties.sloMillis(properties, "llm.slo.e2elMs", null)));
    Boolean tokenRecords = LlmProperties.flag(properties, "llm.tokenRecords");
    if (tokenRecords != null) {
      builder = builder.tokenRecords(tokenRecords);
    }
    Boolean detailedResults = LlmProperties.flag(properties, "llm.detailedResults");
    if (detailedResults != null) {
      builder = builder.detailedResults(detailedResults);
    }
    Boolean requestRecordsOnly = LlmProperties.flag(properties, "llm.requestRecordsOnly");
    if (Boolean.TRUE.equals(requestRecordsOnly)) {
      builder = builder.requestRecordsOnly();
    }
    String sloRecords = properties.getProperty("llm.sloRecords");
    if (sloRecords != null) {
      try {
        builder = builder.sloRecords(sloRecordsNamed(sloRecords));
      } catch (IllegalArgumentException e) {
        throw new UserError("llm.sloRecords: " + e.getMessage());
      }
    }
    // Read again when the run starts; here so that a mistake is one line before any load.
    dev.gatlingllm.run.HistoryPlan.of(properties);
    String baseline = properties.getProperty("llm.baseline");
    if (baseline != null && !baseline.isBlank()) {
      builder = builder.baseline(baseline);
    }
    return builder;
  }

  /**
   * The baseline's thresholds and failing from {@code llm.baseline.*}: percentages above 0 and a
   * flag.
   */
  private static BaselinePlan baselinePlan(String path, Properties properties) {
    Thresholds defaults = Thresholds.DEFAULTS;
    Boolean fail = LlmProperties.flag(properties, "llm.baseline.failOnRegression");
    return new BaselinePlan(
        java.nio.file.Path.of(path),
        new Thresholds(
            percent(properties, "llm.baseline.throughputPercent", defaults.throughput()),
            percent(properties, "llm.baseline.latencyPercent", defaults.latency()),
            defaults.goodFraction(),
            defaults.errorRate()),
        fail == null || fail);
  }

  /** A percentage property (within its bound, docs/running.md) as a share, or the default. */
  private static double percent(Properties properties, String name, double defaultShare) {
    String value = properties.getProperty(name);
    if (value == null) {
      return defaultShare;
    }
    return PropertyBounds.of(name).readDouble(name, value) / 100;
  }

  private LlmProtocolBuilder(Fields fields) {
    this.fields = fields;
    this.protocol = fields.build();
  }

  private LlmProtocolBuilder with(java.util.function.Consumer<Fields> change) {
    Fields next = fields.copy();
    change.accept(next);
    return new LlmProtocolBuilder(next);
  }

  /**
   * The API dialect by id: {@code openai-chat} (default), {@code openai-completions}, {@code
   * ollama-chat}, {@code ollama-generate}, {@code openai-responses}, {@code anthropic}, {@code
   * azure-openai} (see {@link Dialects#ids()}).
   *
   * @param id the dialect's id, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder dialect(String id) {
    return dialect(Dialects.byId(id));
  }

  /**
   * A dialect by instance; not public, since a dialect's interface names the internal stream types.
   *
   * @param dialect a constant, shared by every virtual user (stateless: it makes one interpreter
   *     per stream)
   * @return a new builder
   */
  LlmProtocolBuilder dialect(LlmDialect dialect) {
    Objects.requireNonNull(dialect, "dialect");
    return with(f -> f.dialect = dialect);
  }

  /**
   * The request path (default: the dialect's, e.g. {@code /v1/chat/completions}), resolved against
   * baseUrl.
   *
   * @param endpoint a path such as {@code /v1/chat/completions}, a constant; null or blank: the
   *     dialect's
   * @return a new builder
   */
  public LlmProtocolBuilder endpoint(@Nullable String endpoint) {
    return with(f -> f.endpoint = blankToNull(endpoint));
  }

  /**
   * The model every request names unless the request sets its own.
   *
   * @param model the model name, a constant; null or blank for none
   * @return a new builder
   */
  public LlmProtocolBuilder model(@Nullable String model) {
    return with(f -> f.model = blankToNull(model));
  }

  /**
   * Sent in the dialect's key header ({@code Authorization: Bearer <key>}; {@code x-api-key} for
   * Anthropic, {@code api-key} for Azure OpenAI); hidden in every message and report.
   *
   * @param apiKey the key, a constant (null or blank for none)
   * @return a new builder
   */
  public LlmProtocolBuilder apiKey(@Nullable String apiKey) {
    return with(f -> f.apiKey = blankToNull(apiKey));
  }

  /**
   * The longest silence allowed while waiting for the response or between two chunks (default 30
   * s).
   *
   * @param timeout a constant duration
   * @return a new builder
   */
  public LlmProtocolBuilder idleTimeout(Duration timeout) {
    StreamSettings settings = fields.settings.withIdleTimeout(timeout);
    return with(f -> f.settings = settings);
  }

  /**
   * The longest a whole request may take, from its scheduling to its end (default 10 min).
   *
   * @param timeout a constant duration
   * @return a new builder
   */
  public LlmProtocolBuilder timeout(Duration timeout) {
    StreamSettings settings = fields.settings.withOverallTimeout(timeout);
    return with(f -> f.settings = settings);
  }

  /**
   * The most generated text one request may keep, answer and reasoning together, in UTF-8 bytes
   * (default 1 MiB): a stream going on beyond it ends KO ({@code output exceeded N bytes
   * (maxOutputBytes)}) and its connection is closed, so that endless streams cannot exhaust the
   * client's heap.
   *
   * @param bytes at least 1
   * @return a new builder
   */
  public LlmProtocolBuilder maxOutputBytes(long bytes) {
    StreamSettings settings = fields.settings.withMaxOutputBytes(bytes);
    return with(f -> f.settings = settings);
  }

  /**
   * The JSON field every request's output limit ({@code maxTokens}) goes in, for APIs that offer a
   * choice: {@code max_tokens} (the default; vLLM, llama.cpp, SGLang, most gateways) or {@code
   * max_completion_tokens} (OpenAI's current name, which its reasoning models require). Dialects
   * with a single field of their own ignore it.
   *
   * @param field {@code max_tokens} or {@code max_completion_tokens}, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder maxTokensField(String field) {
    return maxTokensField(maxTokensFieldNamed(field));
  }

  /**
   * The same, typed.
   *
   * @param field a constant
   * @return a new builder
   */
  public LlmProtocolBuilder maxTokensField(MaxTokensField field) {
    Objects.requireNonNull(field, "field");
    return with(f -> f.maxTokensField = field);
  }

  /**
   * Ask for the usage chunk ({@code stream_options.include_usage}, default true).
   *
   * @param includeUsage a constant
   * @return a new builder
   */
  public LlmProtocolBuilder includeUsage(boolean includeUsage) {
    return with(f -> f.includeUsage = includeUsage);
  }

  /**
   * Count tokens on the client too, with a JTokkit encoding ({@code cl100k_base}, {@code
   * o200k_base}...) or the model's own Hugging Face tokenizer ({@code hf:<path to
   * tokenizer.json>}): used when the server sends no usage, and compared with the server's count
   * when it does.
   *
   * @param encoding the encoding's name or {@code hf:<path>}, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder tokenizer(String encoding) {
    return tokenizer(Tokenizers.local(encoding));
  }

  /**
   * Counts tokens on the client with a tokenizer of your own; it runs on the event loop at each
   * request's end, so it must not block (a server's {@code /tokenize} must not be used here).
   *
   * @param tokenizer a constant, shared by every virtual user, or null for none
   * @return a new builder
   */
  public LlmProtocolBuilder tokenizer(@Nullable Tokenizer tokenizer) {
    return with(f -> f.tokenizer = tokenizer);
  }

  /**
   * Per-token Gatling records for every request of the run (default false): each request that
   * received N token events also logs N - 1 records {@code <name> ITL}, each spanning the gap from
   * one token event to the next, so that Gatling's report charts the inter-token latency and its
   * assertions apply to it ({@code details("chat ITL").responseTime().percentile(99.0).lt(50)}).
   * Off by default: a record per token costs simulation.log bytes and the stats engine's CPU. A
   * request builder's {@code tokenRecords()} turns them on for that request alone.
   *
   * @param on a constant
   * @return a new builder
   */
  public LlmProtocolBuilder tokenRecords(boolean on) {
    return with(f -> f.tokenRecords = on);
  }

  /**
   * Whether every request logs a {@code <name> TTFT} record beside its own (default true):
   * Gatling's percentiles, charts and assertions of the time to first token ({@code details("chat
   * TTFT").responseTime().percentile(99.0).lt(500)}). Each such record also counts in Gatling's
   * Global requests and requests/s (docs/dsl.md, "Gatling's Global").
   *
   * @param on a constant
   * @return a new builder
   */
  public LlmProtocolBuilder ttftRecords(boolean on) {
    return with(f -> f.ttftRecords = on);
  }

  /**
   * Gatling's stats hold the requests alone: no {@code <name> TTFT}, {@code <name> SLO miss},
   * {@code <name> SLO} nor {@code <name> ITL} record, so that Gatling's Global counts and
   * requests/s are the requests sent ({@code -Dllm.requestRecordsOnly=true} in any simulation). The
   * LLM report still has every figure.
   *
   * @return a new builder
   */
  public LlmProtocolBuilder requestRecordsOnly() {
    return ttftRecords(false).sloRecords(SloRecords.NONE).tokenRecords(false);
  }

  /**
   * What each request logs in Gatling's report about the SLOs, when SLOs are set (default {@link
   * SloRecords#MISSES}: an OK record {@code <name> SLO miss} per request that succeeded but missed
   * one, so that Global KO % still counts only failed requests; {@link SloRecords#VERDICTS}: a
   * record {@code <name> SLO} per request, KO when it missed, to assert on in Gatling; {@link
   * SloRecords#NONE}).
   *
   * @param mode a constant
   * @return a new builder
   */
  public LlmProtocolBuilder sloRecords(SloRecords mode) {
    Objects.requireNonNull(mode, "SLO records");
    return with(f -> f.sloRecords = mode);
  }

  // ---- the LLM report

  /**
   * The per-request arrays of vLLM's detailed result in {@code summary.json} (default false):
   * {@code ttfts}, {@code e2els}, {@code tpots} (seconds), {@code input_lens}, {@code output_lens},
   * {@code request_errors}, {@code request_ids} and {@code itls} (each request's gaps, seconds),
   * one entry per measured request. They are read from {@code requests.csv} and {@code itls.csv}
   * (the gaps, written beside it during the run, about 8 bytes per token event) when the run ends,
   * so the run holds nothing more in memory; summary.json grows by about 60 bytes per request and
   * 10 per token event.
   *
   * @param on a constant
   * @return a new builder
   */
  public LlmProtocolBuilder detailedResults(boolean on) {
    return with(f -> f.detailedResults = on);
  }

  /**
   * Compares the run, when it ends, with an earlier one: each level the two share and the run,
   * figure by figure from both runs' requests (docs/metrics.md, "Against a baseline"), in the
   * console, summary.md, {@code llm/comparison.md} and junit.xml; a regression fails the build
   * unless {@code -Dllm.baseline.failOnRegression=false}. The thresholds come from {@code
   * llm.baseline.throughputPercent} and {@code llm.baseline.latencyPercent} (5 and 10 by default).
   * {@code -Dllm.baseline=<folder>} sets the same in any simulation.
   *
   * @param path the earlier run's results folder, its {@code llm/} folder or its summary.json
   * @return a new builder
   */
  public LlmProtocolBuilder baseline(String path) {
    Objects.requireNonNull(path, "path");
    BaselinePlan plan = baselinePlan(path, System.getProperties());
    if (!plan.fromHistory()) {
      // The history's runs are read at the run's end, the first nights' with fewer than it needs.
      checkReadable(
          plan.path(), Redactor.of(System.getProperty("llm.apiKey"), System.getenv("LLM_API_KEY")));
    }
    return with(f -> f.baseline = plan);
  }

  /**
   * The baseline read now, before any load: one that is not a readable report of a run stops the
   * run in one line with the exit status of a baseline that cannot be compared with, rather than
   * spending the whole load to find out at its end.
   */
  private static void checkReadable(java.nio.file.Path baseline, Redactor redactor) {
    try {
      BaselineComparison.checkReadable(baseline);
    } catch (java.io.IOException | IllegalArgumentException e) {
      throw new UserError(
          "llm.baseline: the baseline cannot be compared with: "
              + redactor.redact(e.getMessage())
              + " (exit status "
              + BaselinePlan.UNREADABLE_STATUS
              + ", before any load)",
          BaselinePlan.UNREADABLE_STATUS);
    }
  }

  /**
   * How often each of Gatling's event loops is probed for delay (default 10 ms; {@code
   * Duration.ZERO} turns the probe off). The delay per level is in the LLM report, with a warning
   * when its p99 exceeds 5 ms: the client's own lateness is then part of its TTFT and ITL figures.
   *
   * @param interval a constant duration, zero or more
   * @return a new builder
   */
  public LlmProtocolBuilder eventLoopProbe(Duration interval) {
    if (interval == null || interval.isNegative()) {
      throw new IllegalArgumentException(
          "event-loop probe interval must be a duration >= 0, was " + interval);
    }
    return with(f -> f.eventLoopProbeInterval = interval);
  }

  /**
   * The run's load levels, as the load model plans them ({@code ConcurrencySteps.plannedLevels()});
   * without them the whole run is one level.
   *
   * @param plannedLevels the levels, constants
   * @return a new builder
   */
  public LlmProtocolBuilder levels(List<LevelWindow> plannedLevels) {
    RunConfig report =
        fields
            .report
            .withLevels(plannedLevels)
            .withCapacitySearch(plannedLevels.stream().anyMatch(LevelWindow::loadChosenAtStart));
    return with(f -> f.report = report);
  }

  /**
   * The start of each level left out of its figures (default 0), while the load settles.
   *
   * @param settle a constant duration, zero or more
   * @return a new builder
   */
  public LlmProtocolBuilder settle(Duration settle) {
    if (settle == null || settle.isNegative()) {
      throw new IllegalArgumentException("settle must be a duration >= 0, was " + settle);
    }
    RunConfig report = fields.report.withWarmupMillis(settle.toMillis());
    return with(f -> f.report = report);
  }

  /**
   * The time-to-first-token SLO: a request is good when it succeeded and met every SLO set
   * (goodput). With any SLO set, each request also logs a {@code <name> SLO} record, OK when good.
   *
   * @param bound a constant, above zero
   * @return a new builder
   */
  public LlmProtocolBuilder ttftSlo(Duration bound) {
    Slos s = fields.report.slos();
    return withSlos(new Slos(millis(bound, "TTFT SLO"), s.tpotMs(), s.e2elMs()));
  }

  /**
   * The time-per-output-token SLO (see {@link #ttftSlo}).
   *
   * @param bound a constant, above zero
   * @return a new builder
   */
  public LlmProtocolBuilder tpotSlo(Duration bound) {
    Slos s = fields.report.slos();
    return withSlos(new Slos(s.ttftMs(), millis(bound, "TPOT SLO"), s.e2elMs()));
  }

  /**
   * The end-to-end latency SLO (see {@link #ttftSlo}).
   *
   * @param bound a constant, above zero
   * @return a new builder
   */
  public LlmProtocolBuilder e2elSlo(Duration bound) {
    Slos s = fields.report.slos();
    return withSlos(new Slos(s.ttftMs(), s.tpotMs(), millis(bound, "E2EL SLO")));
  }

  /**
   * No SLO: every successful request counts as good, no {@code <name> SLO miss} record is logged,
   * and the report says a capacity cannot be told (the defaults are TTFT {@value
   * #DEFAULT_TTFT_SLO_MS} ms and TPOT {@value #DEFAULT_TPOT_SLO_MS} ms).
   *
   * @return a new builder
   */
  public LlmProtocolBuilder noSlos() {
    return withSlos(Slos.NONE);
  }

  /**
   * All SLOs at once, e.g. as the ready simulations read them from properties.
   *
   * @param slos constant SLOs ({@code Slos.NONE} for none)
   * @return a new builder
   */
  public LlmProtocolBuilder slos(Slos slos) {
    return withSlos(Objects.requireNonNull(slos, "slos"));
  }

  private LlmProtocolBuilder withSlos(Slos slos) {
    RunConfig report = fields.report.withSlos(slos);
    return with(f -> f.report = report);
  }

  private static double millis(Duration bound, String what) {
    if (bound == null || bound.isNegative() || bound.isZero()) {
      throw new IllegalArgumentException(what + " must be a duration above zero, was " + bound);
    }
    return bound.toNanos() / 1e6;
  }

  /**
   * What a level must meet to count towards the capacity (default: 95 % good requests).
   *
   * @param target a constant target
   * @return a new builder
   */
  public LlmProtocolBuilder capacityTarget(AttainmentTarget target) {
    RunConfig report = fields.report.withTarget(target);
    return with(f -> f.report = report);
  }

  /**
   * The provider's rate limits the load is paced by (e.g. {@code RateLimits} in {@code workload}),
   * shown in the report against the requests and tokens per minute achieved.
   *
   * @param requestsPerMinute a constant, 0 for none
   * @param tokensPerMinute a constant, 0 for none (tokens metered as input + max tokens)
   * @return a new builder
   */
  public LlmProtocolBuilder rateBudget(long requestsPerMinute, long tokensPerMinute) {
    RunConfig report =
        fields.report.withRateBudget(new RateBudget(requestsPerMinute, tokensPerMinute));
    return with(f -> f.report = report);
  }

  /**
   * The GPUs (or replicas) serving the endpoint: the trade-off chart and its table then give each
   * level's output tok/s per GPU, the figure deployments of different sizes are compared by
   * (InferenceMAX, vLLM's {@code bench sweep}).
   *
   * @param gpus at least 1, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder gpus(int gpus) {
    if (gpus < 1) {
      throw new IllegalArgumentException("gpus must be >= 1, was " + gpus);
    }
    RunConfig report = fields.report.withGpus(gpus);
    return with(f -> f.report = report);
  }

  /**
   * The server's hourly price alone: the cost of a million output tokens at each level and at the
   * capacity.
   *
   * @param pricePerHour the server's price per hour, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder pricing(double pricePerHour) {
    RunConfig report = fields.report.withPricing(Pricing.hourly(pricePerHour));
    return with(f -> f.report = report);
  }

  /**
   * Prices for the cost figures: the hourly price of the server and an API's price per million
   * output tokens, for the break-even throughput and each level said against the API.
   *
   * @param pricePerHour the server's price per hour, a constant
   * @param pricePerMillionOutputTokens the API's price per million output tokens, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder pricing(double pricePerHour, double pricePerMillionOutputTokens) {
    return pricing(pricePerHour, pricePerMillionOutputTokens, Pricing.DEFAULT_CURRENCY);
  }

  /**
   * The server's hourly price alone, in a currency.
   *
   * @param pricePerHour the server's price per hour, a constant
   * @param currency a three-letter code (ISO 4217), e.g. {@code EUR}; the report writes it after
   *     every amount (USD by default)
   * @return a new builder
   */
  public LlmProtocolBuilder pricing(double pricePerHour, String currency) {
    RunConfig report =
        fields.report.withPricing(Pricing.hourly(pricePerHour).withCurrency(currency));
    return with(f -> f.report = report);
  }

  /**
   * Both prices in a currency.
   *
   * @param pricePerHour the server's price per hour, a constant
   * @param pricePerMillionOutputTokens the API's price per million output tokens, a constant
   * @param currency a three-letter code (ISO 4217), e.g. {@code EUR} (USD by default)
   * @return a new builder
   */
  public LlmProtocolBuilder pricing(
      double pricePerHour, double pricePerMillionOutputTokens, String currency) {
    RunConfig report =
        fields.report.withPricing(new Pricing(pricePerHour, pricePerMillionOutputTokens, currency));
    return with(f -> f.report = report);
  }

  /**
   * The planned input length in tokens, shown in the report (left out, the report says it varies).
   *
   * @param tokens a constant, at least 1
   * @return a new builder
   */
  public LlmProtocolBuilder inputTokens(int tokens) {
    RunConfig r = fields.report;
    RunConfig report =
        r.withWorkload(
            r.model(), r.endpoint(), atLeastOne(tokens, "inputTokens"), r.outputLength());
    return with(f -> f.report = report);
  }

  /**
   * The planned output length in tokens, shown in the report (left out, the report says it varies).
   *
   * @param tokens a constant, at least 1
   * @return a new builder
   */
  public LlmProtocolBuilder outputTokens(int tokens) {
    RunConfig r = fields.report;
    RunConfig report =
        r.withWorkload(
            r.model(), r.endpoint(), r.inputLength(), atLeastOne(tokens, "outputTokens"));
    return with(f -> f.report = report);
  }

  private static int atLeastOne(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, was " + value);
    }
    return value;
  }

  /**
   * A free-form line in the report's metadata (values that look like keys are hidden).
   *
   * @param key the line's name, a constant
   * @param value its value, a constant
   * @return a new builder
   */
  public LlmProtocolBuilder metadata(String key, String value) {
    Map<String, String> metadata = new LinkedHashMap<>(fields.report.metadata());
    metadata.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    RunConfig report = fields.report.withMetadata(metadata);
    return with(f -> f.report = report);
  }

  /**
   * The server's own Prometheus metrics page (e.g. {@code http://127.0.0.1:8000/metrics} for vLLM,
   * SGLang with {@code --enable-metrics}, TGI, llama.cpp with {@code --metrics}), read every second
   * during the run on a thread of its own, with a 2 s timeout. Its running and waiting requests,
   * KV-cache usage, preemptions, token counters and TTFT histogram are shown per level beside the
   * client's figures. A failed read is counted, shown once and never fails the run.
   *
   * @param url an http(s) URL, a constant; null or blank for none
   * @return a new builder
   */
  public LlmProtocolBuilder serverMetrics(@Nullable String url) {
    String value = blankToNull(url);
    if (value != null) {
      java.net.URI uri;
      try {
        uri = java.net.URI.create(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "server metrics URL is not a URL: '"
                + dev.gatlingllm.secrets.Redactor.url(value)
                + "'");
      }
      if (uri.getScheme() == null
          || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
          || uri.getHost() == null) {
        throw new IllegalArgumentException(
            "server metrics URL must be an http(s) URL such as "
                + "http://127.0.0.1:8000/metrics, was '"
                + dev.gatlingllm.secrets.Redactor.url(value)
                + "'");
      }
    }
    return with(f -> f.serverMetricsUrl = value);
  }

  /**
   * Turns the {@code llm/} report off (the Gatling records stay).
   *
   * @return a new builder
   */
  public LlmProtocolBuilder noReport() {
    return with(f -> f.reportEnabled = false);
  }

  /**
   * The field by its JSON name (case and surrounding spaces ignored); a bad name is refused, shown
   * redacted.
   */
  private static MaxTokensField maxTokensFieldNamed(String name) {
    String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    for (MaxTokensField field : MaxTokensField.values()) {
      if (field.fieldName().equals(wanted)) {
        return field;
      }
    }
    throw new IllegalArgumentException(
        "max tokens field must be max_tokens or max_completion_tokens, was '"
            + Redactor.setting(name)
            + "'");
  }

  /**
   * The mode named {@code none}, {@code misses} or {@code verdicts} (any case); a bad name is shown
   * redacted.
   */
  private static SloRecords sloRecordsNamed(String name) {
    for (SloRecords mode : SloRecords.values()) {
      if (mode.name().equalsIgnoreCase(name.trim())) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "SLO records must be none, misses or verdicts, was '" + Redactor.setting(name) + "'");
  }

  private static @Nullable String blankToNull(@Nullable String value) {
    return value == null || value.isBlank() ? null : value;
  }

  /**
   * @return the protocol this builder describes, for Gatling's {@code protocols(...)}
   */
  @Override
  public Protocol protocol() {
    return protocol;
  }
}
