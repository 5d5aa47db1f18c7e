package dev.gatlingllm.dsl;

import dev.gatlingllm.gatling.GatlingRuntime;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.gatling.action.LlmActionFactory;
import dev.gatlingllm.gatling.action.LlmRequestSpec;
import dev.gatlingllm.gatling.action.RequestTemplate;
import dev.gatlingllm.gatling.action.RequestTemplate.MessageTemplate;
import dev.gatlingllm.gatling.action.StructuredOutput;
import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import dev.gatlingllm.values.PromptImage;
import dev.gatlingllm.values.ResponseFormat;
import dev.gatlingllm.values.ToolDefinition;
import io.gatling.javaapi.core.Session;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Immutable builder of one streamed LLM request, used with {@code exec(...)} in any scenario. Every
 * call returns a new builder. As in Gatling's own DSL, every value comes in three forms: a {@code
 * String} is a Gatling EL expression ({@code "#{prompt}"}; text without {@code #{}} is sent as it
 * is), a {@code Function<Session, T>} is computed per virtual user, and a typed value is a
 * constant.
 *
 * <p>It logs two Gatling records: {@code <name>} (sent to end of stream) and {@code <name> TTFT}
 * (plus {@code <name> SLO} with SLOs and {@code <name> ITL} with {@link #tokenRecords()}), and
 * saves the outcome in the session under {@code saveAs} (default {@code llm}).
 */
public final class LlmRequestActionBuilder extends LlmRequestCalls<LlmRequestActionBuilder> {

  LlmRequestActionBuilder(String name, String dialectId) {
    this(LlmRequestSpec.named(requireText(name, "request name"), dialectId));
  }

  private LlmRequestActionBuilder(LlmRequestSpec spec) {
    super(spec);
  }

  @Override
  LlmRequestActionBuilder withSpec(LlmRequestSpec newSpec) {
    return new LlmRequestActionBuilder(newSpec);
  }

  private LlmRequestActionBuilder withTemplate(UnaryOperator<RequestTemplate> change) {
    return make(s -> s.withTemplate(change.apply(s.template())));
  }

  // ---- messages

  /**
   * Adds a system message.
   *
   * @param content the text, a Gatling EL string
   * @return a new builder
   */
  public LlmRequestActionBuilder system(String content) {
    return message("system", content);
  }

  /**
   * Adds a system message.
   *
   * @param content a function of the session giving the text
   * @return a new builder
   */
  public LlmRequestActionBuilder system(Function<Session, String> content) {
    return message("system", content);
  }

  /**
   * Adds a user message, e.g. {@code user("#{prompt}")}.
   *
   * @param content the text, a Gatling EL string
   * @return a new builder
   */
  public LlmRequestActionBuilder user(String content) {
    return message("user", content);
  }

  /**
   * Adds a user message.
   *
   * @param content a function of the session giving the text
   * @return a new builder
   */
  public LlmRequestActionBuilder user(Function<Session, String> content) {
    return message("user", content);
  }

  /**
   * Adds an assistant message, e.g. an earlier answer: {@code assistant("#{llm.content}")}.
   *
   * @param content the text, a Gatling EL string
   * @return a new builder
   */
  public LlmRequestActionBuilder assistant(String content) {
    return message("assistant", content);
  }

  /**
   * Adds an assistant message.
   *
   * @param content a function of the session giving the text
   * @return a new builder
   */
  public LlmRequestActionBuilder assistant(Function<Session, String> content) {
    return message("assistant", content);
  }

  /**
   * Adds a message with any role.
   *
   * @param role the role, a constant (e.g. {@code "tool"})
   * @param content the text, a Gatling EL string
   * @return a new builder
   */
  public LlmRequestActionBuilder message(String role, String content) {
    return addMessage(role, GatlingRuntime.el(requireText(content, "message content")));
  }

  /**
   * Adds a message with any role.
   *
   * @param role the role, a constant
   * @param content a function of the session giving the text
   * @return a new builder
   */
  public LlmRequestActionBuilder message(String role, Function<Session, String> content) {
    return addMessage(role, SessionExpression.function(Objects.requireNonNull(content, "content")));
  }

  /**
   * The images the message just added carries (a {@code user(..)} before it), e.g. {@code
   * user("#{prompt}").images("#{images}")} with images a feeder prepared before the load ({@link
   * dev.gatlingllm.dsl.prompts.SyntheticImages}, {@link dev.gatlingllm.dsl.prompts.ImageDatasets}).
   * Each dialect writes them in its API's form.
   *
   * @param images a Gatling EL string naming a {@code List<PromptImage>} attribute
   * @return a new builder
   */
  public LlmRequestActionBuilder images(String images) {
    SessionExpression<List<PromptImage>> list = listAttribute(images, "images");
    return withTemplate(t -> t.withImagesOnLastMessage(list));
  }

  /**
   * The images the message just added carries.
   *
   * @param images a function of the session giving the images
   * @return a new builder
   */
  public LlmRequestActionBuilder images(Function<Session, List<PromptImage>> images) {
    Objects.requireNonNull(images, "images");
    return withTemplate(t -> t.withImagesOnLastMessage(SessionExpression.function(images)));
  }

  /**
   * The images the message just added carries, the same for every request.
   *
   * @param images constant images
   * @return a new builder
   */
  public LlmRequestActionBuilder images(List<PromptImage> images) {
    List<PromptImage> copy = List.copyOf(Objects.requireNonNull(images, "images"));
    return withTemplate(t -> t.withImagesOnLastMessage(SessionExpression.constant(copy)));
  }

  /**
   * The audio clips the message just added carries (a {@code user(..)} before it), e.g. {@code
   * user("#{prompt}").audio("#{audio}")} with clips a feeder prepared before the load ({@link
   * dev.gatlingllm.dsl.prompts.SyntheticAudio}). Only the OpenAI chat dialect writes them, as
   * {@code input_audio} parts; the other dialects refuse the request with a message naming the API,
   * rather than send it without the audio.
   *
   * @param audio a Gatling EL string naming a {@code List<PromptAudio>} attribute
   * @return a new builder
   */
  public LlmRequestActionBuilder audio(String audio) {
    SessionExpression<List<PromptAudio>> list = listAttribute(audio, "audio");
    return withTemplate(t -> t.withAudioOnLastMessage(list));
  }

  /** The list attribute an EL string names; its elements are checked when the body is written. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> SessionExpression<List<T>> listAttribute(String el, String what) {
    SessionExpression<List> list = GatlingRuntime.el(requireText(el, what), List.class);
    return session -> (List<T>) list.resolve(session);
  }

  /**
   * The audio clips the message just added carries.
   *
   * @param audio a function of the session giving the clips
   * @return a new builder
   */
  public LlmRequestActionBuilder audio(Function<Session, List<PromptAudio>> audio) {
    Objects.requireNonNull(audio, "audio");
    return withTemplate(t -> t.withAudioOnLastMessage(SessionExpression.function(audio)));
  }

  /**
   * The audio clips the message just added carries, the same for every request.
   *
   * @param audio constant clips
   * @return a new builder
   */
  public LlmRequestActionBuilder audio(List<PromptAudio> audio) {
    List<PromptAudio> copy = List.copyOf(Objects.requireNonNull(audio, "audio"));
    return withTemplate(t -> t.withAudioOnLastMessage(SessionExpression.constant(copy)));
  }

  /**
   * Messages sent before the fixed ones, e.g. a conversation so far.
   *
   * @param history a function of the session giving the messages (none may be null)
   * @return a new builder
   */
  public LlmRequestActionBuilder messages(Function<Session, List<ChatMessage>> history) {
    Objects.requireNonNull(history, "history");
    return withTemplate(t -> t.withHistory(SessionExpression.function(history)));
  }

  /**
   * Messages sent before the fixed ones, read from a session attribute.
   *
   * @param history a Gatling EL string naming a {@code List<ChatMessage>} attribute, e.g. {@code
   *     "#{history}"}
   * @return a new builder
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public LlmRequestActionBuilder messages(String history) {
    SessionExpression<List> list = GatlingRuntime.el(requireText(history, "history"), List.class);
    return withTemplate(t -> t.withHistory(session -> (List<ChatMessage>) list.resolve(session)));
  }

  /**
   * Messages sent before the fixed ones, the same for every request.
   *
   * @param history constant messages
   * @return a new builder
   */
  public LlmRequestActionBuilder messages(List<ChatMessage> history) {
    List<ChatMessage> copy = List.copyOf(Objects.requireNonNull(history, "history"));
    return withTemplate(t -> t.withHistory(SessionExpression.constant(copy)));
  }

  /**
   * The prompt of a completion request.
   *
   * @param prompt the text, a Gatling EL string
   * @return a new builder
   */
  public LlmRequestActionBuilder prompt(String prompt) {
    SessionExpression<String> value = GatlingRuntime.el(requireText(prompt, "prompt"));
    return withTemplate(t -> t.withPrompt(value));
  }

  /**
   * The prompt of a completion request.
   *
   * @param prompt a function of the session giving the text
   * @return a new builder
   */
  public LlmRequestActionBuilder prompt(Function<Session, String> prompt) {
    SessionExpression<String> value =
        SessionExpression.function(Objects.requireNonNull(prompt, "prompt"));
    return withTemplate(t -> t.withPrompt(value));
  }

  // ---- generation parameters

  /**
   * The output token limit ({@code max_tokens}).
   *
   * @param maxTokens a constant, at least 1
   * @return a new builder
   */
  public LlmRequestActionBuilder maxTokens(int maxTokens) {
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be at least 1, was " + maxTokens);
    }
    return withTemplate(t -> t.withMaxTokens(SessionExpression.constant(maxTokens)));
  }

  /**
   * The output token limit ({@code max_tokens}).
   *
   * @param maxTokens a Gatling EL string giving an integer, e.g. {@code "#{maxTokens}"}
   * @return a new builder
   */
  public LlmRequestActionBuilder maxTokens(String maxTokens) {
    SessionExpression<Integer> value =
        GatlingRuntime.el(requireText(maxTokens, "maxTokens"), Integer.class);
    return withTemplate(t -> t.withMaxTokens(value));
  }

  /**
   * The output token limit ({@code max_tokens}).
   *
   * @param maxTokens a function of the session giving the limit
   * @return a new builder
   */
  public LlmRequestActionBuilder maxTokens(Function<Session, Integer> maxTokens) {
    SessionExpression<Integer> value =
        SessionExpression.function(Objects.requireNonNull(maxTokens, "maxTokens"));
    return withTemplate(t -> t.withMaxTokens(value));
  }

  /**
   * The sampling temperature.
   *
   * @param temperature a constant, at least 0
   * @return a new builder
   */
  public LlmRequestActionBuilder temperature(double temperature) {
    if (temperature < 0 || Double.isNaN(temperature)) {
      throw new IllegalArgumentException("temperature must be >= 0, was " + temperature);
    }
    return withTemplate(t -> t.withTemperature(SessionExpression.constant(temperature)));
  }

  /**
   * The sampling temperature.
   *
   * @param temperature a Gatling EL string giving a number, e.g. {@code "#{temperature}"}; a
   *     negative value fails the request
   * @return a new builder
   */
  public LlmRequestActionBuilder temperature(String temperature) {
    SessionExpression<Double> value =
        GatlingRuntime.el(requireText(temperature, "temperature"), Double.class);
    return withTemplate(t -> t.withTemperature(value));
  }

  /**
   * The sampling temperature.
   *
   * @param temperature a function of the session giving the temperature; a negative value fails the
   *     request
   * @return a new builder
   */
  public LlmRequestActionBuilder temperature(Function<Session, Double> temperature) {
    SessionExpression<Double> value =
        SessionExpression.function(Objects.requireNonNull(temperature, "temperature"));
    return withTemplate(t -> t.withTemperature(value));
  }

  /**
   * Asks the server to generate exactly {@code max_tokens}, ignoring end-of-sequence (vLLM,
   * llama.cpp, SGLang).
   *
   * @param ignoreEos a constant
   * @return a new builder
   */
  public LlmRequestActionBuilder ignoreEos(boolean ignoreEos) {
    return withTemplate(t -> t.withIgnoreEos(SessionExpression.constant(ignoreEos)));
  }

  /**
   * Asks the server to generate exactly {@code max_tokens}, ignoring end-of-sequence.
   *
   * @param ignoreEos a Gatling EL string giving a boolean, e.g. {@code "#{ignoreEos}"}
   * @return a new builder
   */
  public LlmRequestActionBuilder ignoreEos(String ignoreEos) {
    SessionExpression<Boolean> value =
        GatlingRuntime.el(requireText(ignoreEos, "ignoreEos"), Boolean.class);
    return withTemplate(t -> t.withIgnoreEos(value));
  }

  /**
   * Asks the server to generate exactly {@code max_tokens}, ignoring end-of-sequence.
   *
   * @param ignoreEos a function of the session giving the flag
   * @return a new builder
   */
  public LlmRequestActionBuilder ignoreEos(Function<Session, Boolean> ignoreEos) {
    SessionExpression<Boolean> value =
        SessionExpression.function(Objects.requireNonNull(ignoreEos, "ignoreEos"));
    return withTemplate(t -> t.withIgnoreEos(value));
  }

  /**
   * Structured output: asks for an answer that follows this JSON Schema, in the dialect's form
   * (OpenAI's {@code response_format} with {@code json_schema}, the Responses API's {@code
   * text.format}, Ollama's {@code format}), and judges each answer of an OK stream against it. An
   * answer that is not JSON or breaks the schema is counted as invalid ({@code schema_valid} in
   * requests.csv, the share of valid answers per level) and the request stays OK; {@link
   * #responseFormat(String, ResponseFormat)} with {@link ResponseFormat#koWhenInvalid()} makes it
   * KO. The Anthropic dialect has no such format: the scenario is refused when it is built.
   *
   * @param schema the JSON schema's text, a Gatling EL string, e.g. {@code "#{schema}"}; a text
   *     without {@code #{}} is a constant, parsed once here (an error now rather than per request)
   * @return a new builder
   */
  public LlmRequestActionBuilder responseFormat(String schema) {
    return responseFormat(schema, ResponseFormat.dialectDefault());
  }

  /**
   * Structured output in a chosen form, e.g. {@code responseFormat(schema,
   * ResponseFormat.vllmStructuredOutputs())} for vLLM's {@code structured_outputs}, or with {@code
   * ResponseFormat.openAi().named("person").koWhenInvalid()}.
   *
   * @param schema the JSON schema's text, a Gatling EL string (a constant without {@code #{}})
   * @param format the field it travels in, its name and strict flag, and whether a breach is a KO
   * @return a new builder
   */
  public LlmRequestActionBuilder responseFormat(String schema, ResponseFormat format) {
    String text = requireText(schema, "schema");
    Objects.requireNonNull(format, "format");
    StructuredOutput structured;
    try {
      structured =
          text.contains("#{")
              ? StructuredOutput.perRequest(GatlingRuntime.el(text), format)
              : StructuredOutput.constant(text, format);
    } catch (IllegalArgumentException e) {
      throw UserError.of(e); // one line, before the load: the schema is the user's input
    }
    return withTemplate(t -> t.withStructured(structured));
  }

  /**
   * Structured output with a schema computed per request.
   *
   * @param schema a function of the session giving the JSON schema's text
   * @return a new builder
   */
  public LlmRequestActionBuilder responseFormat(Function<Session, String> schema) {
    return responseFormat(schema, ResponseFormat.dialectDefault());
  }

  /**
   * Structured output in a chosen form with a schema computed per request.
   *
   * @param schema a function of the session giving the JSON schema's text
   * @param format the field it travels in, its name and strict flag, and whether a breach is a KO
   * @return a new builder
   */
  public LlmRequestActionBuilder responseFormat(
      Function<Session, String> schema, ResponseFormat format) {
    SessionExpression<String> value =
        SessionExpression.function(Objects.requireNonNull(schema, "schema"));
    StructuredOutput structured =
        StructuredOutput.perRequest(value, Objects.requireNonNull(format, "format"));
    return withTemplate(t -> t.withStructured(structured));
  }

  /**
   * Structured output with a constant schema given as a map (nested maps and lists, as Jackson
   * writes them).
   *
   * @param schema the JSON schema
   * @param format the field it travels in, its name and strict flag, and whether a breach is a KO
   * @return a new builder
   */
  public LlmRequestActionBuilder responseFormat(Map<String, Object> schema, ResponseFormat format) {
    Map<String, Object> copy = Map.copyOf(Objects.requireNonNull(schema, "schema"));
    StructuredOutput structured;
    try {
      structured = StructuredOutput.constant(copy, Objects.requireNonNull(format, "format"));
    } catch (IllegalArgumentException e) {
      throw UserError.of(e);
    }
    return withTemplate(t -> t.withStructured(structured));
  }

  /**
   * The functions the model may call, the same for every request, e.g. {@code tools(List.of(new
   * ToolDefinition("get_weather", "Weather of a city", schema)))}. Each chat dialect writes them in
   * its API's form: OpenAI's {@code tools: [{type: function, function: {name, description,
   * parameters}}]}, Anthropic's {@code tools: [{name, description, input_schema}]}, Ollama's
   * OpenAI-like {@code tools}. A dialect without tools (completions, Responses) fails the request.
   * A {@code bodyField("tools", ..)} replaces them.
   *
   * @param tools constant tools, each schema valid JSON (checked here)
   * @return a new builder
   */
  public LlmRequestActionBuilder tools(List<ToolDefinition> tools) {
    List<ToolDefinition> copy = ToolSchemas.checked(tools);
    return withTemplate(t -> t.withTools(SessionExpression.constant(copy)));
  }

  /**
   * The functions the model may call, read from a session attribute (a feeder's record, an agent's
   * session).
   *
   * @param tools a Gatling EL string naming a {@code List<ToolDefinition>} attribute, e.g. {@code
   *     "#{tools}"}
   * @return a new builder
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public LlmRequestActionBuilder tools(String tools) {
    SessionExpression<List> list = GatlingRuntime.el(requireText(tools, "tools"), List.class);
    return withTemplate(t -> t.withTools(session -> (List<ToolDefinition>) list.resolve(session)));
  }

  /**
   * The functions the model may call, computed per virtual user.
   *
   * @param tools a function of the session giving the tools
   * @return a new builder
   */
  public LlmRequestActionBuilder tools(Function<Session, List<ToolDefinition>> tools) {
    Objects.requireNonNull(tools, "tools");
    return withTemplate(t -> t.withTools(SessionExpression.function(tools)));
  }

  // ---- HTTP

  /**
   * Also saves the request's inter-token latencies, {@code itlMs}: a {@code double[]} of the gaps
   * between consecutive token events in milliseconds (token events - 1 values), for per-request
   * checks. Off by default: each virtual user then keeps an array the size of its last answer.
   *
   * @return a new builder
   */
  public LlmRequestActionBuilder saveItl() {
    return make(s -> s.withSaveAs(s.saveAs().withItl()));
  }

  /**
   * Per-token Gatling records for this request: when it received N token events it also logs N - 1
   * records {@code <name> ITL}, each spanning the gap from one token event to the next (status OK),
   * logged at the request's end from its kept gaps. Gatling's report then charts the inter-token
   * latency over time and its assertions apply to it, e.g. {@code details("chat
   * ITL").responseTime().percentile(99.0).lt(50)}. Off by default: a record per token costs
   * simulation.log bytes. The protocol's {@code tokenRecords(true)} (or {@code
   * llm.tokenRecords=true} in the ready simulations) turns them on for every request.
   *
   * @return a new builder
   */
  public LlmRequestActionBuilder tokenRecords() {
    return make(s -> s.withPerToken(s.perToken().withRecords()));
  }

  /**
   * A listener that sees each piece of generated output (answer, reasoning, tool call) of every
   * request of this place as it arrives, and each request's end. It runs on the virtual user's
   * event loop: it must not block (see {@link TokenListener}), and one instance serves every user.
   * A listener that throws ends its request as KO ({@code token listener failed: ...}). Unused, it
   * costs a null check per piece of output.
   *
   * @param listener a constant instance, shared by every virtual user
   * @return a new builder
   */
  public LlmRequestActionBuilder onToken(TokenListener listener) {
    Objects.requireNonNull(listener, "listener");
    return make(s -> s.withPerToken(s.perToken().withListener(new TokenListenerCalls(listener))));
  }

  /** Gatling's builder of the action, called once when the scenario is built. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return new LlmActionFactory(spec);
  }

  // ---- internals

  private LlmRequestActionBuilder addMessage(String role, SessionExpression<String> content) {
    MessageTemplate message = new MessageTemplate(requireText(role, "role"), content);
    return withTemplate(t -> t.withMessage(message));
  }
}
