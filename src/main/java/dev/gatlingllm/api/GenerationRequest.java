package dev.gatlingllm.api;

import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.MaxTokensField;
import dev.gatlingllm.values.ToolDefinition;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A fully resolved generation request (no expressions left), ready for a dialect to write.
 *
 * @param model model name, or null to let the server choose
 * @param messages chat messages (chat dialects); empty for completion dialects
 * @param prompt the prompt text (completion dialects), or null
 * @param maxTokens the output token limit, or null
 * @param temperature sampling temperature, or null
 * @param ignoreEos ask the server to keep generating past end-of-sequence (vLLM, llama.cpp), or
 *     null
 * @param includeUsage ask for the usage chunk ({@code stream_options.include_usage})
 * @param extraFields extra top-level JSON fields, written last (they may override the fields above)
 * @param maxTokensField the field the limit goes in where the API has a choice (OpenAI), or null
 *     for the dialect's usual one
 * @param responseSchema the structured output asked for, or null for free text
 * @param tools the functions offered to the model (chat dialects), none by default
 */
public record GenerationRequest(
    String model,
    List<ChatMessage> messages,
    String prompt,
    Integer maxTokens,
    Double temperature,
    Boolean ignoreEos,
    boolean includeUsage,
    Map<String, Object> extraFields,
    MaxTokensField maxTokensField,
    ResponseSchema responseSchema,
    List<ToolDefinition> tools) {
  public GenerationRequest {
    messages = List.copyOf(Objects.requireNonNull(messages, "messages"));
    extraFields = Map.copyOf(Objects.requireNonNull(extraFields, "extraFields"));
    tools = tools == null ? List.of() : List.copyOf(tools);
  }

  /** A request offering no tools. */
  public GenerationRequest(
      String model,
      List<ChatMessage> messages,
      String prompt,
      Integer maxTokens,
      Double temperature,
      Boolean ignoreEos,
      boolean includeUsage,
      Map<String, Object> extraFields,
      MaxTokensField maxTokensField,
      ResponseSchema responseSchema) {
    this(
        model,
        messages,
        prompt,
        maxTokens,
        temperature,
        ignoreEos,
        includeUsage,
        extraFields,
        maxTokensField,
        responseSchema,
        List.of());
  }

  /** A request without structured output. */
  public GenerationRequest(
      String model,
      List<ChatMessage> messages,
      String prompt,
      Integer maxTokens,
      Double temperature,
      Boolean ignoreEos,
      boolean includeUsage,
      Map<String, Object> extraFields,
      MaxTokensField maxTokensField) {
    this(
        model,
        messages,
        prompt,
        maxTokens,
        temperature,
        ignoreEos,
        includeUsage,
        extraFields,
        maxTokensField,
        null);
  }

  /** A request with the dialect's usual max-tokens field. */
  public GenerationRequest(
      String model,
      List<ChatMessage> messages,
      String prompt,
      Integer maxTokens,
      Double temperature,
      Boolean ignoreEos,
      boolean includeUsage,
      Map<String, Object> extraFields) {
    this(
        model,
        messages,
        prompt,
        maxTokens,
        temperature,
        ignoreEos,
        includeUsage,
        extraFields,
        null);
  }

  /** The same request with its limit in {@code field} (null: the dialect's usual one). */
  public GenerationRequest withMaxTokensField(MaxTokensField field) {
    return with(parts -> parts.maxTokensField = field);
  }

  /** The same request asking for structured output (null: free text). */
  public GenerationRequest withResponseSchema(ResponseSchema schema) {
    return with(parts -> parts.responseSchema = schema);
  }

  /** The same request offering {@code newTools} to the model (none: no {@code tools} field). */
  public GenerationRequest withTools(List<ToolDefinition> newTools) {
    return with(parts -> parts.tools = newTools);
  }

  /** The same request without {@code ignore_eos}, for an API that has no such field. */
  public GenerationRequest withoutIgnoreEos() {
    return ignoreEos == null ? this : with(parts -> parts.ignoreEos = null);
  }

  /** A new request: this one's components, as {@code change} sets them on a copy. */
  private GenerationRequest with(Consumer<Parts> change) {
    Parts parts = new Parts(this);
    change.accept(parts);
    return parts.request();
  }

  /**
   * The components of a request, copied to be changed by one wither: the one place a new component
   * is added beside the record's own list.
   */
  private static final class Parts {
    String model;
    List<ChatMessage> messages;
    String prompt;
    Integer maxTokens;
    Double temperature;
    Boolean ignoreEos;
    boolean includeUsage;
    Map<String, Object> extraFields;
    MaxTokensField maxTokensField;
    ResponseSchema responseSchema;
    List<ToolDefinition> tools;

    Parts(GenerationRequest from) {
      model = from.model;
      messages = from.messages;
      prompt = from.prompt;
      maxTokens = from.maxTokens;
      temperature = from.temperature;
      ignoreEos = from.ignoreEos;
      includeUsage = from.includeUsage;
      extraFields = from.extraFields;
      maxTokensField = from.maxTokensField;
      responseSchema = from.responseSchema;
      tools = from.tools;
    }

    GenerationRequest request() {
      return new GenerationRequest(
          model,
          messages,
          prompt,
          maxTokens,
          temperature,
          ignoreEos,
          includeUsage,
          extraFields,
          maxTokensField,
          responseSchema,
          tools);
    }
  }

  /**
   * The text for an API that takes a raw prompt: the prompt, or else the messages' texts one per
   * line (a chat workload sent to a completion endpoint, which has no roles); null when there is
   * neither.
   */
  public String promptText() {
    if (prompt != null) {
      return prompt;
    }
    if (messages.isEmpty()) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    for (ChatMessage message : messages) {
      if (text.length() > 0) {
        text.append('\n');
      }
      text.append(message.content());
    }
    return text.toString();
  }

  /**
   * The messages for a chat API: the messages, or else the prompt asked as the user; empty when
   * neither.
   */
  public List<ChatMessage> chatMessages() {
    return messages.isEmpty() && prompt != null ? List.of(ChatMessage.user(prompt)) : messages;
  }
}
