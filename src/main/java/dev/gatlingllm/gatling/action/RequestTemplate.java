package dev.gatlingllm.gatling.action;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.gatling.SessionExpression;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import dev.gatlingllm.values.PromptImage;
import dev.gatlingllm.values.ToolDefinition;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A generation request with its expressions still unresolved; {@link #resolve} evaluates them
 * against one virtual user's session. Immutable and shared by all users.
 *
 * @param messages message templates, in order (chat dialects)
 * @param history optional messages computed from the session (e.g. a conversation so far), placed
 *     first
 * @param prompt the prompt (completion dialects), or null
 * @param model the model, or null for the protocol's
 * @param maxTokens or null
 * @param temperature or null
 * @param ignoreEos or null
 * @param bodyFields extra top-level JSON fields
 * @param structured the JSON schema the answer must follow, or null
 * @param tools the functions offered to the model, or null for none
 */
public record RequestTemplate(
    List<MessageTemplate> messages,
    SessionExpression<List<ChatMessage>> history,
    SessionExpression<String> prompt,
    SessionExpression<String> model,
    SessionExpression<Integer> maxTokens,
    SessionExpression<Double> temperature,
    SessionExpression<Boolean> ignoreEos,
    Map<String, SessionExpression<Object>> bodyFields,
    StructuredOutput structured,
    SessionExpression<List<ToolDefinition>> tools) {

  /**
   * One chat message whose text is an expression, with the images and audio clips it carries (null:
   * none), expressions too so that each request may carry others prepared before the load.
   */
  public record MessageTemplate(
      String role,
      SessionExpression<String> content,
      SessionExpression<List<PromptImage>> images,
      SessionExpression<List<PromptAudio>> audio) {
    /** A text message. */
    public MessageTemplate(String role, SessionExpression<String> content) {
      this(role, content, null, null);
    }

    /** A message with images. */
    public MessageTemplate(
        String role,
        SessionExpression<String> content,
        SessionExpression<List<PromptImage>> images) {
      this(role, content, images, null);
    }

    /** The same message carrying {@code newImages}. */
    public MessageTemplate withImages(SessionExpression<List<PromptImage>> newImages) {
      return new MessageTemplate(role, content, newImages, audio);
    }

    /** The same message carrying {@code newAudio}. */
    public MessageTemplate withAudio(SessionExpression<List<PromptAudio>> newAudio) {
      return new MessageTemplate(role, content, images, newAudio);
    }
  }

  public RequestTemplate {
    messages = List.copyOf(messages);
    bodyFields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(bodyFields));
  }

  /** True when a message of the template was given audio clips ({@code audio(..)}). */
  public boolean carriesAudio() {
    return messages.stream().anyMatch(message -> message.audio() != null);
  }

  public static RequestTemplate empty() {
    return new RequestTemplate(List.of(), null, null, null, null, null, null, Map.of(), null, null);
  }

  /**
   * This template with its last message carrying {@code images}.
   *
   * @throws IllegalStateException when there is no message yet
   */
  public RequestTemplate withImagesOnLastMessage(SessionExpression<List<PromptImage>> images) {
    return withLastMessage("images", last -> last.withImages(images));
  }

  /**
   * This template with its last message carrying the audio clips {@code audio}.
   *
   * @throws IllegalStateException when there is no message yet
   */
  public RequestTemplate withAudioOnLastMessage(SessionExpression<List<PromptAudio>> audio) {
    return withLastMessage("audio", last -> last.withAudio(audio));
  }

  /** This template with its last message changed by {@code change}; {@code what} names it. */
  private RequestTemplate withLastMessage(
      String what, java.util.function.UnaryOperator<MessageTemplate> change) {
    if (messages.isEmpty()) {
      throw new IllegalStateException(
          what + "(..) attach to the message before them: call user(..) first");
    }
    return with(
        parts -> {
          List<MessageTemplate> all = new ArrayList<>(messages);
          all.set(all.size() - 1, change.apply(all.get(all.size() - 1)));
          parts.messages = all;
        });
  }

  /** This template with one more message after the others. */
  public RequestTemplate withMessage(MessageTemplate message) {
    return with(
        parts -> {
          List<MessageTemplate> all = new ArrayList<>(messages);
          all.add(message);
          parts.messages = all;
        });
  }

  public RequestTemplate withHistory(SessionExpression<List<ChatMessage>> newHistory) {
    return with(parts -> parts.history = newHistory);
  }

  public RequestTemplate withPrompt(SessionExpression<String> newPrompt) {
    return with(parts -> parts.prompt = newPrompt);
  }

  public RequestTemplate withModel(SessionExpression<String> newModel) {
    return with(parts -> parts.model = newModel);
  }

  public RequestTemplate withMaxTokens(SessionExpression<Integer> newMaxTokens) {
    return with(parts -> parts.maxTokens = newMaxTokens);
  }

  public RequestTemplate withTemperature(SessionExpression<Double> newTemperature) {
    return with(parts -> parts.temperature = newTemperature);
  }

  public RequestTemplate withIgnoreEos(SessionExpression<Boolean> newIgnoreEos) {
    return with(parts -> parts.ignoreEos = newIgnoreEos);
  }

  /** This template with one more (or a replaced) top-level JSON field. */
  public RequestTemplate withBodyField(String field, SessionExpression<Object> value) {
    return with(
        parts -> {
          Map<String, SessionExpression<Object>> all = new LinkedHashMap<>(bodyFields);
          all.put(field, value);
          parts.bodyFields = all;
        });
  }

  public RequestTemplate withStructured(StructuredOutput newStructured) {
    return with(parts -> parts.structured = newStructured);
  }

  /** This template offering {@code newTools} to the model. */
  public RequestTemplate withTools(SessionExpression<List<ToolDefinition>> newTools) {
    return with(parts -> parts.tools = newTools);
  }

  /** A new template: this one's components, as {@code change} sets them on a copy. */
  private RequestTemplate with(java.util.function.Consumer<Parts> change) {
    Parts parts = new Parts(this);
    change.accept(parts);
    return parts.template();
  }

  /**
   * The components of a template, copied to be changed by one wither: the one place a new component
   * is added beside the record's own list.
   */
  private static final class Parts {
    List<MessageTemplate> messages;
    SessionExpression<List<ChatMessage>> history;
    SessionExpression<String> prompt;
    SessionExpression<String> model;
    SessionExpression<Integer> maxTokens;
    SessionExpression<Double> temperature;
    SessionExpression<Boolean> ignoreEos;
    Map<String, SessionExpression<Object>> bodyFields;
    StructuredOutput structured;
    SessionExpression<List<ToolDefinition>> tools;

    Parts(RequestTemplate from) {
      messages = from.messages;
      history = from.history;
      prompt = from.prompt;
      model = from.model;
      maxTokens = from.maxTokens;
      temperature = from.temperature;
      ignoreEos = from.ignoreEos;
      bodyFields = from.bodyFields;
      structured = from.structured;
      tools = from.tools;
    }

    RequestTemplate template() {
      return new RequestTemplate(
          messages,
          history,
          prompt,
          model,
          maxTokens,
          temperature,
          ignoreEos,
          bodyFields,
          structured,
          tools);
    }
  }

  /**
   * Resolves every expression for this session.
   *
   * @throws dev.gatlingllm.gatling.ExpressionException when an expression cannot be computed
   */
  public GenerationRequest resolve(Session session, String defaultModel, boolean includeUsage) {
    List<ChatMessage> resolved = new ArrayList<>();
    if (history != null) {
      List<ChatMessage> past = history.resolve(session);
      if (past != null) {
        for (int i = 0; i < past.size(); i++) {
          // Checked here, so that the KO names the culprit rather than a NullPointerException in
          // the body writer.
          if (past.get(i) == null) {
            throw new dev.gatlingllm.gatling.ExpressionException(
                "messages(fn) returned a null message at index " + i);
          }
          resolved.add(past.get(i));
        }
      }
    }
    for (MessageTemplate message : messages) {
      resolved.add(
          new ChatMessage(
              message.role(),
              requireValue(message.content().resolve(session), message.role() + " message"),
              message.images() == null
                  ? List.of()
                  : requireValue(message.images().resolve(session), "images"),
              List.of(),
              null,
              message.audio() == null
                  ? List.of()
                  : requireValue(message.audio().resolve(session), "audio")));
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    for (Map.Entry<String, SessionExpression<Object>> field : bodyFields.entrySet()) {
      fields.put(
          field.getKey(),
          requireValue(field.getValue().resolve(session), "body field " + field.getKey()));
    }
    String resolvedModel = model != null ? model.resolve(session) : defaultModel;
    return new GenerationRequest(
        resolvedModel,
        resolved,
        prompt != null ? requireValue(prompt.resolve(session), "prompt") : null,
        maxTokens != null ? maxTokens.resolve(session) : null,
        temperature != null ? checkedTemperature(temperature.resolve(session)) : null,
        ignoreEos != null ? ignoreEos.resolve(session) : null,
        includeUsage,
        fields,
        null,
        structured != null ? structured.resolve(session) : null,
        tools != null ? requireValue(tools.resolve(session), "tools") : List.of());
  }

  private static Double checkedTemperature(Double value) {
    if (value != null && (value < 0 || value.isNaN())) {
      throw new dev.gatlingllm.gatling.ExpressionException(
          "temperature must be >= 0, was " + value);
    }
    return value;
  }

  private static <T> T requireValue(T value, String what) {
    if (value == null) {
      throw new dev.gatlingllm.gatling.ExpressionException(what + " resolved to null");
    }
    return value;
  }
}
