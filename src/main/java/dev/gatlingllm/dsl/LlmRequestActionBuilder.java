package dev.gatlingllm.dsl;

import dev.gatlingllm.api.ChatMessage;
import dev.gatlingllm.check.AnswerCheck;
import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmActionFactory;
import dev.gatlingllm.gatling.action.RequestTemplate.MessageTemplate;
import dev.gatlingllm.gatling.action.RequestTemplate;
import dev.gatlingllm.gatling.action.SavedResults;
import dev.gatlingllm.gatling.action.TokenOptions;
import dev.gatlingllm.stream.TokenListener;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Immutable builder of one streamed LLM request, used with {@code exec(...)} in any scenario. Every call
 * returns a new builder. Text parameters accept Gatling EL ({@code "#{prompt}"}), functions of the session,
 * or constants, as Gatling's own DSL does.
 *
 * <p>It logs two Gatling records: {@code <name>} (sent to end of stream) and {@code <name> TTFT} (plus
 * {@code <name> SLO} with SLOs and {@code <name> ITL} with {@link #tokenRecords()}), and saves
 * the outcome in the session under {@code saveAs} (default {@code llm}).
 */
public final class LlmRequestActionBuilder implements ActionBuilder {
  private final String name;
  private final String dialectId;
  private final String endpoint;
  private final RequestTemplate template;
  private final Map<String, String> headers;
  private final SavedResults saveAs;
  private final TokenOptions perToken;
  private final List<AnswerCheck> checks;

  LlmRequestActionBuilder(String name, String dialectId) {
    this(name, dialectId, null, RequestTemplate.empty(), Map.of(), SavedResults.DEFAULT, TokenOptions.NONE,
        List.of());
  }

  private LlmRequestActionBuilder(
      String name,
      String dialectId,
      String endpoint,
      RequestTemplate template,
      Map<String, String> headers,
      SavedResults saveAs,
      TokenOptions perToken,
      List<AnswerCheck> checks) {
    this.name = name;
    this.dialectId = dialectId;
    this.endpoint = endpoint;
    this.template = template;
    this.headers = headers;
    this.saveAs = saveAs;
    this.perToken = perToken;
    this.checks = checks;
  }

  // ---- messages

  /** A system message (EL). */
  public LlmRequestActionBuilder system(String content) {
    return message("system", content);
  }

  public LlmRequestActionBuilder system(Function<Session, String> content) {
    return message("system", content);
  }

  /** A user message (EL), e.g. {@code user("#{prompt}")}. */
  public LlmRequestActionBuilder user(String content) {
    return message("user", content);
  }

  public LlmRequestActionBuilder user(Function<Session, String> content) {
    return message("user", content);
  }

  /** An assistant message (EL), e.g. an earlier answer {@code assistant("#{llm.content}")}. */
  public LlmRequestActionBuilder assistant(String content) {
    return message("assistant", content);
  }

  public LlmRequestActionBuilder assistant(Function<Session, String> content) {
    return message("assistant", content);
  }

  /** A message with any role, its text an EL string. */
  public LlmRequestActionBuilder message(String role, String content) {
    return addMessage(role, GatlingRuntime.el(requireText(content, "message content")));
  }

  public LlmRequestActionBuilder message(String role, Function<Session, String> content) {
    return addMessage(role, SessionExpression.function(Objects.requireNonNull(content, "content")));
  }

  /** Messages computed from the session (e.g. a conversation history), sent before the fixed messages. */
  public LlmRequestActionBuilder messages(Function<Session, List<ChatMessage>> history) {
    Objects.requireNonNull(history, "history");
    return withTemplate(new RequestTemplate(template.messages(), SessionExpression.function(history),
        template.prompt(), template.model(), template.maxTokens(), template.temperature(),
        template.ignoreEos(), template.bodyFields()));
  }

  /** The prompt of a completion request (EL). */
  public LlmRequestActionBuilder prompt(String prompt) {
    return withPrompt(GatlingRuntime.el(requireText(prompt, "prompt")));
  }

  public LlmRequestActionBuilder prompt(Function<Session, String> prompt) {
    return withPrompt(SessionExpression.function(Objects.requireNonNull(prompt, "prompt")));
  }

  // ---- generation parameters

  /** The model for this request (EL), overriding the protocol's. */
  public LlmRequestActionBuilder model(String model) {
    return withModel(GatlingRuntime.el(requireText(model, "model")));
  }

  public LlmRequestActionBuilder model(Function<Session, String> model) {
    return withModel(SessionExpression.function(Objects.requireNonNull(model, "model")));
  }

  /** The output token limit ({@code max_tokens}). */
  public LlmRequestActionBuilder maxTokens(int maxTokens) {
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be at least 1, was " + maxTokens);
    }
    return withMaxTokens(SessionExpression.constant(maxTokens));
  }

  /** The output token limit from an EL string, e.g. {@code "#{maxTokens}"}. */
  public LlmRequestActionBuilder maxTokens(String maxTokens) {
    return withMaxTokens(GatlingRuntime.el(requireText(maxTokens, "maxTokens"), Integer.class));
  }

  public LlmRequestActionBuilder maxTokens(Function<Session, Integer> maxTokens) {
    return withMaxTokens(SessionExpression.function(Objects.requireNonNull(maxTokens, "maxTokens")));
  }

  public LlmRequestActionBuilder temperature(double temperature) {
    if (temperature < 0 || Double.isNaN(temperature)) {
      throw new IllegalArgumentException("temperature must be >= 0, was " + temperature);
    }
    return withTemplate(new RequestTemplate(template.messages(), template.history(), template.prompt(),
        template.model(), template.maxTokens(), SessionExpression.constant(temperature), template.ignoreEos(),
        template.bodyFields()));
  }

  /** Ask the server to generate exactly max_tokens, ignoring end-of-sequence (vLLM, llama.cpp, SGLang). */
  public LlmRequestActionBuilder ignoreEos(boolean ignoreEos) {
    return withTemplate(new RequestTemplate(template.messages(), template.history(), template.prompt(),
        template.model(), template.maxTokens(), template.temperature(), ignoreEos, template.bodyFields()));
  }

  /** An extra top-level JSON field (String, Number, Boolean, Map or List), e.g. {@code min_tokens}. */
  public LlmRequestActionBuilder bodyField(String field, Object value) {
    Objects.requireNonNull(value, "value");
    return withBodyField(field, SessionExpression.constant(value));
  }

  /** An extra top-level JSON field computed from the session. */
  public LlmRequestActionBuilder bodyField(String field, Function<Session, Object> value) {
    return withBodyField(field, SessionExpression.function(Objects.requireNonNull(value, "value")));
  }

  // ---- HTTP

  /** An extra HTTP header (value may be EL). */
  public LlmRequestActionBuilder header(String headerName, String value) {
    requireText(headerName, "header name");
    Objects.requireNonNull(value, "value");
    Map<String, String> copy = new LinkedHashMap<>(headers);
    copy.put(headerName, value);
    return new LlmRequestActionBuilder(name, dialectId, endpoint, template, Map.copyOf(copy), saveAs, perToken,
        checks);
  }

  /** The path for this request (EL), overriding the protocol's endpoint. */
  public LlmRequestActionBuilder endpoint(String path) {
    return new LlmRequestActionBuilder(name, dialectId, requireText(path, "endpoint"), template, headers, saveAs,
        perToken, checks);
  }

  /** The session key under which the outcome map is saved (default {@code llm}). */
  public LlmRequestActionBuilder saveAs(String key) {
    return new LlmRequestActionBuilder(name, dialectId, endpoint, template, headers,
        saveAs.withKey(requireText(key, "key")), perToken, checks);
  }

  /**
   * Also saves the request's inter-token latencies, {@code itlMs}: a {@code double[]} of the gaps between
   * consecutive token events in milliseconds (token events - 1 values), for per-request checks. Off by
   * default: each virtual user then keeps an array the size of its last answer.
   */
  public LlmRequestActionBuilder saveItl() {
    return new LlmRequestActionBuilder(name, dialectId, endpoint, template, headers, saveAs.withItl(), perToken,
        checks);
  }

  /**
   * Per-token Gatling records for this request: when it received N token events it also logs N - 1 records
   * {@code <name> ITL}, each spanning the gap from one token event to the next (status OK), logged at the
   * request's end from its kept gaps. Gatling's report then charts the inter-token latency over time and its
   * assertions apply to it, e.g. {@code details("chat ITL").responseTime().percentile(99.0).lt(50)}. Off by
   * default: a record per token costs simulation.log bytes. The protocol's {@code tokenRecords(true)} (or
   * {@code llm.tokenRecords=true} in the ready simulations) turns them on for every request.
   */
  public LlmRequestActionBuilder tokenRecords() {
    return new LlmRequestActionBuilder(name, dialectId, endpoint, template, headers, saveAs, perToken.withRecords(),
        checks);
  }

  /**
   * A listener that sees each piece of generated output (answer, reasoning, tool call) of every request of this
   * place as it arrives, and each request's end. It runs on the virtual user's event loop: it must not block
   * (see {@link TokenListener}), and one instance serves every user. A listener that throws ends its request as
   * KO ({@code token listener failed: ...}). Unused, it costs a null check per piece of output.
   *
   * @param listener a constant instance, shared by every virtual user
   */
  public LlmRequestActionBuilder onToken(TokenListener listener) {
    Objects.requireNonNull(listener, "listener");
    return new LlmRequestActionBuilder(name, dialectId, endpoint, template, headers, saveAs,
        perToken.withListener(listener), checks);
  }

  /**
   * Checks on the answer (see {@link AnswerChecks}), judged in order when the request succeeded: the first that
   * fails makes it KO with {@code check failed: <why>}, in Gatling's report and {@code llm/requests.csv}. Each
   * call adds to the checks already set.
   *
   * @param answerChecks constant checks, e.g. {@code AnswerChecks.outputTokensAtLeast(128)}
   */
  public LlmRequestActionBuilder check(AnswerCheck... answerChecks) {
    List<AnswerCheck> all = new ArrayList<>(checks);
    for (AnswerCheck check : answerChecks) {
      all.add(Objects.requireNonNull(check, "check"));
    }
    return new LlmRequestActionBuilder(name, dialectId, endpoint, template, headers, saveAs, perToken,
        List.copyOf(all));
  }

  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return new LlmActionFactory(name, dialectId, endpoint, template, headers, saveAs, perToken, checks);
  }

  // ---- internals

  private LlmRequestActionBuilder addMessage(String role, SessionExpression<String> content) {
    requireText(role, "role");
    List<MessageTemplate> messages = new ArrayList<>(template.messages());
    messages.add(new MessageTemplate(role, content));
    return withTemplate(new RequestTemplate(messages, template.history(), template.prompt(), template.model(),
        template.maxTokens(), template.temperature(), template.ignoreEos(), template.bodyFields()));
  }

  private LlmRequestActionBuilder withPrompt(SessionExpression<String> prompt) {
    return withTemplate(new RequestTemplate(template.messages(), template.history(), prompt, template.model(),
        template.maxTokens(), template.temperature(), template.ignoreEos(), template.bodyFields()));
  }

  private LlmRequestActionBuilder withModel(SessionExpression<String> model) {
    return withTemplate(new RequestTemplate(template.messages(), template.history(), template.prompt(), model,
        template.maxTokens(), template.temperature(), template.ignoreEos(), template.bodyFields()));
  }

  private LlmRequestActionBuilder withMaxTokens(SessionExpression<Integer> maxTokens) {
    return withTemplate(new RequestTemplate(template.messages(), template.history(), template.prompt(),
        template.model(), maxTokens, template.temperature(), template.ignoreEos(), template.bodyFields()));
  }

  private LlmRequestActionBuilder withBodyField(String field, SessionExpression<Object> value) {
    requireText(field, "field");
    Map<String, SessionExpression<Object>> fields = new LinkedHashMap<>(template.bodyFields());
    fields.put(field, value);
    return withTemplate(new RequestTemplate(template.messages(), template.history(), template.prompt(),
        template.model(), template.maxTokens(), template.temperature(), template.ignoreEos(), fields));
  }

  private LlmRequestActionBuilder withTemplate(RequestTemplate newTemplate) {
    return new LlmRequestActionBuilder(name, dialectId, endpoint, newTemplate, headers, saveAs, perToken, checks);
  }

  static String requireText(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return value;
  }
}
