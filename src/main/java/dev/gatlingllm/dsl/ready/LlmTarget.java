package dev.gatlingllm.dsl.ready;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.dsl.LlmProtocolBuilder;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.simulator.CapacityModel;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.stream.StreamSettings;
import io.gatling.javaapi.http.HttpDsl;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.net.URI;
import java.time.Duration;

/**
 * The server a ready simulation loads, from system properties: {@code llm.baseUrl} (server root,
 * e.g. {@code http://127.0.0.1:8080}), {@code llm.endpoint}, {@code llm.model}, {@code llm.apiKey}
 * (or the environment variable {@code LLM_API_KEY}), {@code llm.dialect}, {@code
 * llm.idleTimeoutSeconds}, {@code llm.timeoutSeconds}, {@code llm.maxOutputBytes}, {@code
 * llm.detailedResults} (per-request arrays in summary.json), {@code llm.sloRecords} (none, misses,
 * verdicts), {@code llm.tokenRecords} (the {@code <name> ITL} records, default false), {@code
 * llm.maxTokensField}, {@code llm.includeUsage}, {@code llm.ignoreEos} (see {@link #ignoreEos}),
 * and the client-side token count ({@code llm.clientTokenizer}, see {@link ClientTokenCount}),
 * {@code llm.serverMetrics} (the server's Prometheus metrics page, read every second for the
 * report; {@code true} for {@code <baseUrl>/metrics}, the embedded simulator's included). Without
 * {@code llm.baseUrl} it starts the embedded simulator on a loopback port (its settings from {@code
 * llm.simulator.profile}, a fitted twin, and the {@code sim.*} properties) and stops it with {@link
 * #close()}. Bad values fail here, before any load is sent.
 */
public final class LlmTarget implements AutoCloseable {
  /** The report's metadata key naming this injector's part of a shared run, e.g. {@code 2 of 3}. */
  public static final String INJECTOR_METADATA = "injector";

  private final String baseUrl;
  private final LlmSimulator simulator;
  private final LlmProtocolBuilder llmProtocol;

  /** {@code llm.ignoreEos}, or null when not set. */
  private final Boolean ignoreEos;

  private LlmTarget(
      String baseUrl, LlmSimulator simulator, LlmProtocolBuilder llmProtocol, Boolean ignoreEos) {
    this.baseUrl = baseUrl;
    this.simulator = simulator;
    this.llmProtocol = llmProtocol;
    this.ignoreEos = ignoreEos;
  }

  /** Reads the properties; starts the embedded simulator when no baseUrl is given. */
  public static LlmTarget fromSystemProperties() {
    return fromSystemProperties(CapacityModel.DEFAULT.kvCacheTokens());
  }

  /**
   * Reads the properties; starts the embedded simulator when no baseUrl is given, with this KV
   * budget unless {@code sim.kvCacheTokens} names one ({@link TraceSizing}).
   */
  static LlmTarget fromSystemProperties(long embeddedKvCacheTokens) {
    Settings settings = Settings.fromSystemProperties();
    String configuredUrl = settings.text("llm.baseUrl", null);
    String baseUrl = configuredUrl == null ? null : validateBaseUrl(configuredUrl);
    LlmProtocolBuilder protocol = LlmDsl.llm();
    try {
      protocol = protocol.dialect(settings.text("llm.dialect", "openai-chat"));
    } catch (IllegalArgumentException e) {
      throw new UserError("llm.dialect: " + e.getMessage());
    }
    String endpoint = settings.text("llm.endpoint", null);
    if (endpoint != null) {
      if (!endpoint.startsWith("/")) {
        throw new UserError(
            "llm.endpoint must be a path starting with '/', was '" + Redactor.url(endpoint) + "'");
      }
      protocol = protocol.endpoint(endpoint);
    }
    String model = settings.text("llm.model", null);
    String apiKey = settings.text("llm.apiKey", System.getenv("LLM_API_KEY"));
    protocol = protocol.apiKey(apiKey);
    protocol =
        protocol.idleTimeout(
            Duration.ofSeconds(settings.wholeNumber("llm.idleTimeoutSeconds", 30)));
    protocol =
        protocol.timeout(Duration.ofSeconds(settings.wholeNumber("llm.timeoutSeconds", 600)));
    protocol =
        protocol.maxOutputBytes(
            settings.wholeNumber(
                "llm.maxOutputBytes", (int) StreamSettings.DEFAULT_MAX_OUTPUT_BYTES));
    // llm.tokenRecords, llm.detailedResults and llm.sloRecords are read by llm() itself, in any
    // simulation.
    protocol = protocol.includeUsage(settings.flag("llm.includeUsage", true));
    String maxTokensField = settings.text("llm.maxTokensField", null);
    if (maxTokensField != null) {
      try {
        protocol = protocol.maxTokensField(maxTokensField);
      } catch (IllegalArgumentException e) {
        throw new UserError("llm.maxTokensField: " + e.getMessage());
      }
    }
    ClientTokenCount tokenCount = ClientTokenCount.fromSettings(settings, baseUrl == null);
    if (tokenCount.note() != null) {
      System.out.println("gatling-llm: " + tokenCount.note());
    }
    protocol = protocol.tokenizer(tokenCount.tokenizer());
    InjectorSettings injector = InjectorSettings.read(settings);
    if (injector.shared()) {
      // the merge of the injectors' reports recognises the parts of one run by this line
      protocol = protocol.metadata(INJECTOR_METADATA, injector.label());
    }
    String serverMetrics = settings.text("llm.serverMetrics", null);
    // checked now, before the embedded simulator starts, though the URL may need its address
    serverMetricsUrl(serverMetrics, "http://127.0.0.1");
    Boolean ignoreEos =
        settings.text("llm.ignoreEos", null) == null ? null : settings.flag("llm.ignoreEos", false);
    // Every setting is read and checked: only now start the embedded simulator, so that a bad one
    // leaves no server (and its non-daemon threads) running.
    String simulatorProfile = settings.text("llm.simulator.profile", null);
    if (simulatorProfile != null && baseUrl != null) {
      throw new UserError(
          "llm.simulator.profile sets up the embedded simulator, which llm.baseUrl replaces: give"
              + " one of the two");
    }
    LlmSimulator simulator = null;
    if (baseUrl == null) {
      simulator = embeddedSimulator(simulatorProfile, embeddedKvCacheTokens).start();
      baseUrl = "http://127.0.0.1:" + simulator.port();
    }
    protocol =
        protocol
            .model(model != null ? model : simulator != null ? "simulated-llm" : null)
            .serverMetrics(serverMetricsUrl(serverMetrics, baseUrl));
    return new LlmTarget(baseUrl, simulator, protocol, ignoreEos);
  }

  /**
   * The embedded simulator, built (its settings checked) but not started: {@code
   * llm.simulator.profile}'s settings first, then the {@code sim.*} properties (a {@code
   * sim.profile}, then each setting given), so that what is given explicitly wins over a profile.
   */
  private static LlmSimulator embeddedSimulator(String profile, long kvCacheTokens) {
    // The trace's KV sizing first: a profile's own budget, then sim.* properties, override it.
    LlmSimulator.Builder builder = LlmSimulator.builder().kvCacheTokens(kvCacheTokens);
    try {
      if (profile != null) {
        builder = builder.profile(java.nio.file.Path.of(profile));
      }
    } catch (IllegalArgumentException e) {
      throw new UserError("llm.simulator.profile: " + e.getMessage());
    }
    try {
      return builder.fromSystemProperties().host("127.0.0.1").port(0).build();
    } catch (IllegalArgumentException e) {
      throw new UserError("embedded simulator: " + e.getMessage());
    }
  }

  /**
   * {@code true} means the target's own {@code /metrics}; {@code false} or unset, none; anything
   * else is the URL.
   */
  static String serverMetricsUrl(String value, String baseUrl) {
    if (value == null || value.equalsIgnoreCase("false")) {
      return null;
    }
    return value.equalsIgnoreCase("true")
        ? baseUrl + "/metrics"
        : httpUrl("llm.serverMetrics", "true, false or ", "http://127.0.0.1:8000/metrics", value);
  }

  private static String validateBaseUrl(String value) {
    String url = httpUrl("llm.baseUrl", "", "http://127.0.0.1:8080", value);
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /**
   * {@code value} when it is an http(s) URL with a host; else one line naming the property.
   *
   * @param others what else the property takes, e.g. {@code "true, false or "}, or empty
   */
  private static String httpUrl(String property, String others, String example, String value) {
    URI uri;
    try {
      uri = URI.create(value);
    } catch (IllegalArgumentException e) {
      throw new UserError(property + " is not a URL: '" + Redactor.url(value) + "'");
    }
    if (uri.getScheme() == null
        || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
        || uri.getHost() == null) {
      throw new UserError(
          property
              + " must be "
              + others
              + "an http(s) URL such as "
              + example
              + ", was '"
              + Redactor.url(value)
              + "'");
    }
    return value;
  }

  public String baseUrl() {
    return baseUrl;
  }

  public boolean embedded() {
    return simulator != null;
  }

  /**
   * The embedded simulator's capacity model; for a real server, whose speed is unknown, the
   * simulator's default one, as a stand-in for one mid-range GPU.
   */
  CapacityModel capacity() {
    return simulator != null ? simulator.config().capacity() : CapacityModel.DEFAULT;
  }

  /** Gatling's http protocol for the target; user settings such as TLS go on top of it. */
  public HttpProtocolBuilder http() {
    return HttpDsl.http.baseUrl(baseUrl);
  }

  /**
   * Whether requests ask the server to keep generating past end-of-sequence ({@code ignore_eos}),
   * so that every output has the length asked for: {@code llm.ignoreEos} when set, else the
   * workload's default; never for a dialect whose API has no such field (said once on the console).
   *
   * @param workloadDefault true for fixed-length workloads (random prompts), false for datasets
   */
  public boolean ignoreEos(boolean workloadDefault) {
    boolean wanted = ignoreEos != null ? ignoreEos : workloadDefault;
    if (wanted && !LlmProtocol.of(llmProtocol).dialect().supportsIgnoreEos()) {
      System.out.println(
          "gatling-llm: dialect "
              + LlmProtocol.of(llmProtocol).dialect().id()
              + " has no ignore_eos:"
              + " outputs may stop before their max tokens (the report counts them)");
      return false;
    }
    return wanted;
  }

  public LlmProtocolBuilder llm() {
    return llmProtocol;
  }

  /**
   * A short block for the console: where the load goes and how it is sent, one setting a line, the
   * key never shown (only whether one is set) and URLs without their user info or query values.
   */
  public String describe() {
    return describe(null);
  }

  /**
   * The same block for a run whose requests all go to {@code pooling} (embeddings or rerank): its
   * endpoint and dialect, and none of the generation's settings (output limit, usage, token
   * records), which its requests do not use.
   *
   * @param pooling the pooling dialect of every request, or null for generations
   */
  String describe(LlmDialect pooling) {
    LlmProtocol p = LlmProtocol.of(llmProtocol);
    StringBuilder text =
        new StringBuilder()
            .append(simulator != null ? "embedded LLM simulator at " : "LLM server at ")
            .append(Redactor.url(baseUrl))
            .append('\n');
    row(
        text,
        "endpoint",
        Redactor.url(pooling == null ? p.effectiveEndpoint() : pooling.defaultEndpoint()));
    row(text, "dialect", pooling == null ? p.dialect().id() : pooling.id());
    row(text, "model", p.model() == null ? "none named (the server's default)" : p.model());
    row(text, "API key", p.apiKey() == null ? "none" : "set (hidden)");
    row(
        text,
        "timeouts",
        p.settings().idleTimeout().toSeconds()
            + " s idle, "
            + p.settings().overallTimeout().toSeconds()
            + " s per request");
    if (pooling == null) {
      row(
          text,
          "max tokens field",
          p.maxTokensField() == null ? "the dialect's" : p.maxTokensField().toString());
      row(text, "usage asked", p.includeUsage() ? "yes" : "no");
    }
    row(text, "client tokenizer", p.tokenizer() == null ? "none" : p.tokenizer().name());
    if (pooling == null) {
      row(text, "token records", p.tokenRecords() ? "on" : "off");
    }
    row(text, "SLO records", p.sloRecords().toString());
    row(
        text,
        "server metrics",
        p.serverMetricsUrl() == null ? "none" : Redactor.url(p.serverMetricsUrl()));
    return text.toString();
  }

  /** One line of the block {@link #describe()} prints, aligned. */
  static void row(StringBuilder text, String name, String value) {
    text.append(String.format(java.util.Locale.ROOT, "  %-18s%s%n", name, value));
  }

  @Override
  public void close() {
    if (simulator != null) {
      simulator.close();
    }
  }
}
