package dev.gatlingllm.dsl;

import dev.gatlingllm.api.Dialects;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.metrics.level.LevelWindow;
import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.metrics.sweep.Pricing;
import dev.gatlingllm.stream.StreamSettings;
import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.tokenize.Tokenizer;
import io.gatling.javaapi.core.ProtocolBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Immutable builder of the {@link LlmProtocol}: every call returns a new builder. */
public final class LlmProtocolBuilder implements ProtocolBuilder {
  /**
   * A tick due at a random instant is late by what a token event arriving then would wait: the samples estimate
   * the client's delay whatever their interval, which only sets how many there are. Every tick wakes an idle loop,
   * an expensive system call on a virtual machine, so ticks are sparse: at 10 ms, four loops add 400 wakeups a
   * second, against 2,500 token events a second at 50 streams.
   */
  static final Duration DEFAULT_EVENT_LOOP_PROBE_INTERVAL = Duration.ofMillis(10);
  static final LlmProtocolBuilder DEFAULT = new LlmProtocolBuilder(new Fields());

  /** The protocol's fields while one of them changes; never shared between builders. */
  private static final class Fields {
    LlmDialect dialect = Dialects.byId("openai-chat");
    String endpoint;
    String model;
    String apiKey;
    StreamSettings settings = StreamSettings.DEFAULTS;
    boolean includeUsage = true;
    Tokenizer tokenizer;
    RunConfig report = RunConfig.startingAt(0);
    long settleMillis;
    boolean reportEnabled = true;
    Duration eventLoopProbeInterval = DEFAULT_EVENT_LOOP_PROBE_INTERVAL;
    boolean tokenRecords;

    Fields copy() {
      Fields f = new Fields();
      f.dialect = dialect;
      f.endpoint = endpoint;
      f.model = model;
      f.apiKey = apiKey;
      f.settings = settings;
      f.includeUsage = includeUsage;
      f.tokenizer = tokenizer;
      f.report = report;
      f.settleMillis = settleMillis;
      f.reportEnabled = reportEnabled;
      f.eventLoopProbeInterval = eventLoopProbeInterval;
      f.tokenRecords = tokenRecords;
      return f;
    }

    LlmProtocol build() {
      return new LlmProtocol(dialect, endpoint, model, apiKey, settings, includeUsage, tokenizer, report,
          settleMillis, reportEnabled, eventLoopProbeInterval, tokenRecords);
    }
  }

  private final Fields fields;
  private final LlmProtocol protocol;

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
   * The API dialect by id: {@code openai-chat} (default), {@code openai-completions}, {@code ollama-chat},
   * {@code ollama-generate}, {@code openai-responses}, {@code anthropic}, {@code azure-openai} (see
   * {@link Dialects#ids()}).
   */
  public LlmProtocolBuilder dialect(String id) {
    return dialect(Dialects.byId(id));
  }

  public LlmProtocolBuilder dialect(LlmDialect dialect) {
    Objects.requireNonNull(dialect, "dialect");
    return with(f -> f.dialect = dialect);
  }

  /** The request path (default: the dialect's, e.g. {@code /v1/chat/completions}), resolved against baseUrl. */
  public LlmProtocolBuilder endpoint(String endpoint) {
    return with(f -> f.endpoint = blankToNull(endpoint));
  }

  /** The model every request names unless the request sets its own. */
  public LlmProtocolBuilder model(String model) {
    return with(f -> f.model = blankToNull(model));
  }

  /**
   * Sent in the dialect's key header ({@code Authorization: Bearer <key>}; {@code x-api-key} for Anthropic,
   * {@code api-key} for Azure OpenAI); hidden in every message and report.
   */
  public LlmProtocolBuilder apiKey(String apiKey) {
    return with(f -> f.apiKey = blankToNull(apiKey));
  }

  /** The longest silence allowed while waiting for the response or between two chunks (default 30 s). */
  public LlmProtocolBuilder idleTimeout(Duration timeout) {
    StreamSettings settings = fields.settings.withIdleTimeout(timeout);
    return with(f -> f.settings = settings);
  }

  /** The longest a whole request may take, from its scheduling to its end (default 10 min). */
  public LlmProtocolBuilder timeout(Duration timeout) {
    StreamSettings settings = fields.settings.withOverallTimeout(timeout);
    return with(f -> f.settings = settings);
  }

  /**
   * The most generated text one request may keep, answer and reasoning together, in UTF-8 bytes (default
   * 1 MiB): a stream going on beyond it ends KO ({@code output exceeded N bytes (maxOutputBytes)}) and its
   * connection is closed, so that endless streams cannot exhaust the client's heap.
   *
   * @param bytes at least 1
   * @return a new builder
   */
  public LlmProtocolBuilder maxOutputBytes(long bytes) {
    StreamSettings settings = fields.settings.withMaxOutputBytes(bytes);
    return with(f -> f.settings = settings);
  }

  /** Ask for the usage chunk ({@code stream_options.include_usage}, default true). */
  public LlmProtocolBuilder includeUsage(boolean includeUsage) {
    return with(f -> f.includeUsage = includeUsage);
  }

  /**
   * Count tokens on the client too, with a JTokkit encoding ({@code cl100k_base}, {@code o200k_base}...):
   * used when the server sends no usage, and compared with the server's count when it does.
   */
  public LlmProtocolBuilder tokenizer(String encoding) {
    return tokenizer(JTokkitTokenizer.of(encoding));
  }

  public LlmProtocolBuilder tokenizer(Tokenizer tokenizer) {
    return with(f -> f.tokenizer = tokenizer);
  }

  /**
   * Per-token Gatling records for every request of the run (default false): each request that received N token
   * events also logs N - 1 records {@code <name> ITL}, each spanning the gap from one token event to the next,
   * so that Gatling's report charts the inter-token latency and its assertions apply to it
   * ({@code details("chat ITL").responseTime().percentile(99.0).lt(50)}). Off by default: a record per token
   * costs simulation.log bytes and the stats engine's CPU. A request builder's {@code tokenRecords()} turns them
   * on for that request alone.
   *
   * @param on a constant
   * @return a new builder
   */
  public LlmProtocolBuilder tokenRecords(boolean on) {
    return with(f -> f.tokenRecords = on);
  }

  // ---- the LLM report

  /**
   * How often each of Gatling's event loops is probed for delay (default 10 ms; {@code Duration.ZERO} turns the
   * probe off). The delay per level is in the LLM report, with a warning when its p99 exceeds 5 ms: the
   * client's own lateness is then part of its TTFT and ITL figures.
   *
   * @param interval a constant duration, zero or more
   * @return a new builder
   */
  public LlmProtocolBuilder eventLoopProbe(Duration interval) {
    if (interval == null || interval.isNegative()) {
      throw new IllegalArgumentException("event-loop probe interval must be a duration >= 0, was " + interval);
    }
    return with(f -> f.eventLoopProbeInterval = interval);
  }

  /**
   * The run's load levels, as the load model plans them ({@code ConcurrencySteps.plannedLevels()}); without
   * them the whole run is one level.
   */
  public LlmProtocolBuilder levels(List<LevelWindow> plannedLevels) {
    RunConfig report = fields.report.withLevels(plannedLevels);
    return with(f -> f.report = report);
  }

  /** The start of each level left out of its figures (default 0). */
  public LlmProtocolBuilder settle(Duration settle) {
    if (settle == null || settle.isNegative()) {
      throw new IllegalArgumentException("settle must be a duration >= 0, was " + settle);
    }
    RunConfig report = fields.report.withWarmupMillis(settle.toMillis());
    return with(f -> {
      f.settleMillis = settle.toMillis();
      f.report = report;
    });
  }

  /**
   * Goodput SLOs in milliseconds (null for none): a request is good when it succeeded and met each one.
   * With any SLO set, each request also logs a {@code <name> SLO} record, OK when good.
   */
  public LlmProtocolBuilder slo(Double ttftMs, Double tpotMs, Double e2elMs) {
    RunConfig report = fields.report.withSlos(new Slos(ttftMs, tpotMs, e2elMs));
    return with(f -> f.report = report);
  }

  /** What a level must meet to count towards the capacity (default: 95 % good requests). */
  public LlmProtocolBuilder capacityTarget(AttainmentTarget target) {
    RunConfig report = fields.report.withTarget(target);
    return with(f -> f.report = report);
  }

  /** Prices for the cost figures: the hourly price of the server and an API's price per million output tokens. */
  public LlmProtocolBuilder pricing(double pricePerHour, double pricePerMillionOutputTokens) {
    RunConfig report = fields.report.withPricing(new Pricing(pricePerHour, pricePerMillionOutputTokens));
    return with(f -> f.report = report);
  }

  /** The planned input and output lengths in tokens, shown in the report (-1 when they vary). */
  public LlmProtocolBuilder workload(int inputTokens, int outputTokens) {
    RunConfig r = fields.report;
    RunConfig report = r.withWorkload(r.model(), r.endpoint(), inputTokens, outputTokens);
    return with(f -> f.report = report);
  }

  /** A free-form line in the report's metadata (values that look like keys are hidden). */
  public LlmProtocolBuilder metadata(String key, String value) {
    Map<String, String> metadata = new LinkedHashMap<>(fields.report.metadata());
    metadata.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    RunConfig report = fields.report.withMetadata(metadata);
    return with(f -> f.report = report);
  }

  /** Turns the {@code llm/} report off (the Gatling records stay). */
  public LlmProtocolBuilder noReport() {
    return with(f -> f.reportEnabled = false);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  @Override
  public LlmProtocol protocol() {
    return protocol;
  }
}
