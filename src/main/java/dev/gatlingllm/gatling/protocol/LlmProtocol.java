package dev.gatlingllm.gatling.protocol;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.dialects.Dialects;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.metrics.aggregate.RunConfig;
import dev.gatlingllm.run.BaselinePlan;
import dev.gatlingllm.run.RunPlan;
import dev.gatlingllm.run.RunReporter;
import dev.gatlingllm.secrets.Redactor;
import dev.gatlingllm.stream.FailurePaths;
import dev.gatlingllm.stream.StreamSettings;
import dev.gatlingllm.values.MaxTokensField;
import dev.gatlingllm.values.SloRecords;
import dev.gatlingllm.values.Tokenizer;
import io.gatling.core.CoreComponents;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.protocol.Protocol;
import io.gatling.core.protocol.ProtocolComponents;
import io.gatling.core.protocol.ProtocolKey;
import io.gatling.core.session.Session;
import io.gatling.javaapi.core.ProtocolBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * The LLM protocol: which API dialect to speak, which model, the API key, the stream limits and
 * what the run's LLM report measures. It sits beside the user's Gatling {@code http} protocol,
 * which still carries baseUrl, headers, TLS and pools.
 *
 * @param endpoint the request path, or null for the dialect's default
 * @param model the model name, or null to leave it out
 * @param apiKey the API key, sent in the dialect's auth headers ({@code Authorization: Bearer
 *     <key>} for most), or null; never logged nor written in a report
 * @param tokenizer counts the prompt and the generated text on the client, or null; its counts are
 *     used when the server sends no usage, and compared with the server's when it does
 * @param report what the LLM report measures (levels, SLOs, target, prices); its run start is set
 *     when the run starts
 * @param reportEnabled whether the run writes the {@code llm/} report
 * @param eventLoopProbeInterval how often the client's event loops are probed for delay; zero for
 *     never
 * @param tokenRecords whether every request logs its {@code <name> ITL} records (one per token
 *     event after the first), whatever the request builder says
 * @param detailedResults whether summary.json gets the per-request arrays of vLLM's detailed result
 * @param serverMetricsUrl the server's Prometheus metrics page ({@code http://host:port/metrics}),
 *     read every second during the run for the report's server figures; null for none
 * @param maxTokensField the field every request's output limit goes in, or null for the dialect's
 *     usual one
 * @param sloRecords what each request logs in Gatling's report about the SLOs, when SLOs are set
 * @param ttftRecords whether every request logs its {@code <name> TTFT} record beside its own
 * @param baseline the run this one is compared with when it ends, or null
 */
public record LlmProtocol(
    LlmDialect dialect,
    String endpoint,
    String model,
    String apiKey,
    StreamSettings settings,
    boolean includeUsage,
    Tokenizer tokenizer,
    RunConfig report,
    boolean reportEnabled,
    java.time.Duration eventLoopProbeInterval,
    boolean tokenRecords,
    boolean detailedResults,
    String serverMetricsUrl,
    MaxTokensField maxTokensField,
    SloRecords sloRecords,
    boolean ttftRecords,
    BaselinePlan baseline)
    implements Protocol {

  public static final ProtocolKey<LlmProtocol, Components> KEY = new Key();

  /**
   * The protocol the DSL's builder built, for the plugin's own code: the builder hands Gatling a
   * plain {@code Protocol}, so that no signature a user calls names this internal type.
   */
  public static LlmProtocol of(ProtocolBuilder builder) {
    return (LlmProtocol) builder.protocol();
  }

  /**
   * Refuses a tokenizer that blocks: it counts on the virtual user's event loop (the prompt before
   * the request is sent, the answer when the stream ends), where a call to a server would stall
   * every stream of that loop.
   */
  public LlmProtocol {
    if (tokenizer != null && tokenizer.blocks()) {
      throw new IllegalArgumentException(
          "tokenizer "
              + tokenizer.name()
              + " blocks (a call to the server per"
              + " count), so it cannot count tokens on Gatling's event loops: use it to prepare prompts before the"
              + " load, and count with a JTokkit encoding (tokenizer(\"cl100k_base\")) or the server's usage");
    }
  }

  /**
   * A tick due at a random instant is late by what a token event arriving then would wait: the
   * samples estimate the client's delay whatever their interval, which only sets how many there
   * are. Every tick wakes an idle loop, an expensive system call on a virtual machine, so ticks are
   * sparse: at 10 ms, four loops add 400 wakeups a second, against 2,500 token events a second at
   * 50 streams.
   */
  public static final java.time.Duration DEFAULT_EVENT_LOOP_PROBE_INTERVAL =
      java.time.Duration.ofMillis(10);

  /**
   * The protocol of a simulation that configures none: OpenAI chat, usage asked for, the report on.
   */
  public static final LlmProtocol DEFAULTS =
      new LlmProtocol(
          Dialects.byId("openai-chat"),
          null,
          null,
          null,
          StreamSettings.DEFAULTS,
          true,
          null,
          RunConfig.startingAt(0),
          true,
          DEFAULT_EVENT_LOOP_PROBE_INTERVAL,
          false,
          false,
          null,
          null,
          SloRecords.MISSES,
          true,
          null);

  /** The path requests go to. */
  public String effectiveEndpoint() {
    return endpoint != null ? endpoint : dialect.defaultEndpoint();
  }

  /**
   * Hides the API key (alone and so in {@code Bearer <key>}) in any text that could reach a log or
   * a report; each request adds the secrets it carries (see {@code
   * GatlingHttpTransport.Prepared#secrets}).
   */
  public Redactor redactor() {
    return redactor(dialect);
  }

  /**
   * The same for a request speaking {@code requestDialect}: the key and every value of that
   * dialect's auth headers built from it (e.g. {@code Bearer <key>}).
   */
  public Redactor redactor(LlmDialect requestDialect) {
    return Redactor.of(apiKey).with(Redactor.credentialSecrets(authHeaders(requestDialect)));
  }

  /**
   * The headers every request speaking {@code requestDialect} carries from this protocol: the
   * dialect's fixed headers, then its auth headers built from the key (none without a key).
   */
  public Map<String, String> headers(LlmDialect requestDialect) {
    Map<String, String> all = new LinkedHashMap<>(requestDialect.fixedHeaders());
    all.putAll(authHeaders(requestDialect));
    return Collections.unmodifiableMap(all);
  }

  /**
   * The one place the key becomes headers, so that what is sent and what is redacted cannot differ.
   */
  private Map<String, String> authHeaders(LlmDialect requestDialect) {
    return apiKey == null ? Map.of() : requestDialect.authHeaders(apiKey);
  }

  @Override
  public String toString() {
    // Records print their fields: keep the key out of any log that prints the protocol.
    return "LlmProtocol[dialect="
        + dialect.id()
        + ", endpoint="
        + Redactor.url(effectiveEndpoint())
        + ", model="
        + model
        + ", apiKey="
        + (apiKey == null ? "none" : "***")
        + ", tokenizer="
        + (tokenizer == null ? "none" : tokenizer.name())
        + (maxTokensField == null ? "" : ", maxTokensField=" + maxTokensField)
        + ", settings="
        + settings
        + "]";
  }

  /** What the run's reporter needs of this protocol. */
  public RunPlan runPlan() {
    return new RunPlan(
        report,
        model,
        effectiveEndpoint(),
        reportEnabled,
        eventLoopProbeInterval,
        detailedResults,
        serverMetricsUrl,
        baseline == null ? null : baseline.redactedBy(redactor()));
  }

  /**
   * Gatling builds protocol components once per scenario, and the load models run one scenario per
   * level: the run's reporter is shared by all of them, keyed by the run's core components.
   */
  private static final Map<CoreComponents, RunReporter> RUNS =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** The shared resources of the protocol, built once per scenario: the run's reporter. */
  public static final class Components implements ProtocolComponents {
    private final LlmProtocol protocol;
    private final RunReporter reporter;

    Components(LlmProtocol protocol, CoreComponents core) {
      this.protocol = protocol;
      // Before any request: a failure's classes must not need a descriptor when none is left.
      FailurePaths.loadNow();
      this.reporter =
          RUNS.computeIfAbsent(
              core, c -> RunReporter.start(protocol.runPlan(), GatlingRuntime.of(c)));
    }

    public LlmProtocol protocol() {
      return protocol;
    }

    public RunReporter reporter() {
      return reporter;
    }

    @Override
    public Function1<Session, Session> onStart() {
      return session -> session;
    }

    @Override
    public Function1<Session, BoxedUnit> onExit() {
      return session -> BoxedUnit.UNIT;
    }
  }

  private static final class Key implements ProtocolKey<LlmProtocol, Components> {
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Class<Protocol> protocolClass() {
      return (Class) LlmProtocol.class;
    }

    @Override
    public LlmProtocol defaultProtocolValue(GatlingConfiguration configuration) {
      return DEFAULTS;
    }

    @Override
    public Function1<LlmProtocol, Components> newComponents(CoreComponents coreComponents) {
      return protocol -> new Components(protocol, coreComponents);
    }
  }
}
