package dev.gatlingllm.gatling.action;

import dev.gatlingllm.api.ChatMessage;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.gatling.SessionExpression;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A generation request with its expressions still unresolved; {@link #resolve} evaluates them against one
 * virtual user's session. Immutable and shared by all users.
 *
 * @param messages message templates, in order (chat dialects)
 * @param history optional messages computed from the session (e.g. a conversation so far), placed first
 * @param prompt the prompt (completion dialects), or null
 * @param model the model, or null for the protocol's
 * @param maxTokens or null
 * @param temperature or null
 * @param ignoreEos or null
 * @param bodyFields extra top-level JSON fields
 */
public record RequestTemplate(
    List<MessageTemplate> messages,
    SessionExpression<List<ChatMessage>> history,
    SessionExpression<String> prompt,
    SessionExpression<String> model,
    SessionExpression<Integer> maxTokens,
    SessionExpression<Double> temperature,
    Boolean ignoreEos,
    Map<String, SessionExpression<Object>> bodyFields) {

  /** One chat message whose text is an expression. */
  public record MessageTemplate(String role, SessionExpression<String> content) {}

  public RequestTemplate {
    messages = List.copyOf(messages);
    bodyFields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(bodyFields));
  }

  public static RequestTemplate empty() {
    return new RequestTemplate(List.of(), null, null, null, null, null, null, Map.of());
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
          // Checked here, so that the KO names the culprit rather than a NullPointerException in the body writer.
          if (past.get(i) == null) {
            throw new dev.gatlingllm.gatling.ExpressionException("messages(fn) returned a null message at index " + i);
          }
          resolved.add(past.get(i));
        }
      }
    }
    for (MessageTemplate message : messages) {
      resolved.add(new ChatMessage(message.role(), requireValue(message.content().resolve(session),
          message.role() + " message")));
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    for (Map.Entry<String, SessionExpression<Object>> field : bodyFields.entrySet()) {
      fields.put(field.getKey(), requireValue(field.getValue().resolve(session), "body field " + field.getKey()));
    }
    String resolvedModel = model != null ? model.resolve(session) : defaultModel;
    return new GenerationRequest(
        resolvedModel,
        resolved,
        prompt != null ? requireValue(prompt.resolve(session), "prompt") : null,
        maxTokens != null ? maxTokens.resolve(session) : null,
        temperature != null ? temperature.resolve(session) : null,
        ignoreEos,
        includeUsage,
        fields);
  }

  private static <T> T requireValue(T value, String what) {
    if (value == null) {
      throw new dev.gatlingllm.gatling.ExpressionException(what + " resolved to null");
    }
    return value;
  }
}
