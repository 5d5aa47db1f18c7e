package dev.gatlingllm.api.anthropic;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.json.ImageParts;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.ToolParts;
import dev.gatlingllm.values.ChatMessage;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The Anthropic Messages API ({@code /v1/messages}), served by Anthropic and by gateways and
 * servers that speak it. Stateless: one shared instance is enough.
 *
 * <p>The body: the system messages joined as the top-level {@code system} (the API has no system
 * role in {@code messages}), the other messages in order, {@code max_tokens} always (the API
 * requires it: {@value #DEFAULT_MAX_TOKENS} when the request sets none), {@code stream: true}.
 * {@code ignore_eos} is not sent: the API refuses unknown fields; a server that takes it gets it
 * through {@code bodyField}.
 */
public final class AnthropicDialect implements LlmDialect {
  public static final String ID = "anthropic";

  /**
   * The output limit sent when the request names none, since the API refuses a request without one.
   */
  public static final int DEFAULT_MAX_TOKENS = 1024;

  /** The API version every request names; the stream format read here is this version's. */
  public static final String API_VERSION = "2023-06-01";

  private static final String SYSTEM = "system";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String defaultEndpoint() {
    return "/v1/messages";
  }

  /**
   * The Messages API as commonly deployed has no JSON-schema response format (only tool use, whose
   * arguments are not the answer text): refused rather than sent in a form it would reject or
   * ignore.
   */
  public static final String NO_RESPONSE_SCHEMA =
      "the Anthropic Messages API has no JSON-schema response format: responseFormat needs an"
          + " OpenAI-style or Ollama dialect";

  @Override
  public String noResponseSchema() {
    return NO_RESPONSE_SCHEMA;
  }

  @Override
  public String requestBody(GenerationRequest request) {
    if (request.responseSchema() != null) {
      throw new IllegalArgumentException(NO_RESPONSE_SCHEMA);
    }
    return JsonBodyWriter.write(
        request.extraFields(),
        body -> {
          body.string("model", request.model());
          List<ChatMessage> messages =
              request.messages().isEmpty() && request.prompt() != null
                  ? List.of(ChatMessage.user(request.prompt()))
                  : request.messages();
          body.string(SYSTEM, systemPrompt(messages));
          if (body.owns("messages")) {
            writeMessages(body.json(), messages);
          }
          body.number(
              "max_tokens", request.maxTokens() != null ? request.maxTokens() : DEFAULT_MAX_TOKENS);
          body.bool("stream", true);
          body.number("temperature", request.temperature());
          ToolParts.ANTHROPIC.writeTools(body, request.tools());
        });
  }

  /** The system messages' texts, joined by a blank line; null when there are none. */
  private static String systemPrompt(List<ChatMessage> messages) {
    StringBuilder system = null;
    for (ChatMessage message : messages) {
      if (SYSTEM.equals(message.role())) {
        system = system == null ? new StringBuilder() : system.append("\n\n");
        system.append(message.content());
      }
    }
    return system == null ? null : system.toString();
  }

  /** The messages but the system ones, which go in the top-level {@code system}. */
  private static void writeMessages(JsonGenerator json, List<ChatMessage> messages)
      throws IOException {
    JsonBodyWriter.messages(
        json,
        "messages",
        messages.stream().filter(message -> !SYSTEM.equals(message.role())).toList(),
        ImageParts.ANTHROPIC,
        ToolParts.ANTHROPIC);
  }

  /** The key goes in {@code x-api-key}, not in {@code Authorization}. */
  @Override
  public Map<String, String> authHeaders(String apiKey) {
    return Map.of("x-api-key", apiKey);
  }

  @Override
  public Map<String, String> fixedHeaders() {
    return Map.of("anthropic-version", API_VERSION);
  }

  @Override
  public String endMarker() {
    return "message_stop or stop_reason";
  }

  @Override
  public StreamInterpreter newInterpreter() {
    return new AnthropicStreamInterpreter();
  }

  @Override
  public String errorMessage(String responseBody) {
    return AnthropicErrors.message(responseBody);
  }

  @Override
  public String toString() {
    return ID;
  }
}
