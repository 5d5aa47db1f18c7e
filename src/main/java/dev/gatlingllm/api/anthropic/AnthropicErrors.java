package dev.gatlingllm.api.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.openai.OpenAiErrors;
import java.io.IOException;

/**
 * The message of an Anthropic error body: {@code
 * {"type":"error","error":{"type":..,"message":..}}}.
 */
final class AnthropicErrors {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private AnthropicErrors() {}

  /**
   * {@code "<error.type>: <error.message>"} (e.g. {@code overloaded_error: Overloaded}); any other
   * body as the OpenAI dialects read it, since gateways in front of Anthropic models often answer
   * in that shape.
   */
  static String message(String body) {
    String known = anthropicMessage(body);
    return known != null ? known : OpenAiErrors.message(body);
  }

  private static String anthropicMessage(String body) {
    if (body == null || body.isBlank() || body.strip().charAt(0) != '{') {
      return null;
    }
    JsonNode error;
    try {
      error = MAPPER.readTree(body).path("error");
    } catch (IOException e) {
      return null;
    }
    String type = error.path("type").asText("");
    String message = error.path("message").asText("");
    if (type.isBlank() || message.isBlank() || !error.path("type").isTextual()) {
      return null;
    }
    return type + ": " + message;
  }
}
