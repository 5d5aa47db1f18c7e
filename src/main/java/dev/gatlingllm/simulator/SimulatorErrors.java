package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;

/**
 * Error bodies: OpenAI-style {@code {"error":{"message":..,"type":..,"param":null,"code":..}}},
 * Anthropic's and Ollama's for their endpoints.
 */
final class SimulatorErrors {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SimulatorErrors() {}

  static byte[] body(String message, String type) {
    return body(message, type, null);
  }

  static byte[] body(String message, String type, Integer code) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode error = root.putObject("error");
    error.put("message", message);
    error.put("type", type);
    error.putNull("param");
    if (code == null) error.putNull("code");
    else error.put("code", code);
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Ollama's error body: {@code {"error":"..."}}. */
  static byte[] ollamaBody(String message) {
    ObjectNode root = JSON.createObjectNode();
    root.put("error", message);
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The error body of {@code format} for an HTTP status: Ollama's {@code {"error":".."}},
   * Anthropic's {@code {"type":"error","error":{"type":..,"message":..}}} for {@code /v1/messages},
   * OpenAI's otherwise (with {@code openAiCode} as its code).
   */
  static byte[] body(ApiFormat format, String message, int status, Integer openAiCode) {
    if (format.isOllama()) {
      return ollamaBody(message);
    }
    if (format != ApiFormat.MESSAGES) {
      return body(message, typeFor(status), openAiCode);
    }
    ObjectNode root = JSON.createObjectNode();
    root.put("type", "error");
    ObjectNode error = root.putObject("error");
    error.put("type", anthropicTypeFor(status));
    error.put("message", message);
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Anthropic's error type for a simulated HTTP status. */
  static String anthropicTypeFor(int status) {
    return switch (status) {
      case 400 -> "invalid_request_error";
      case 401 -> "authentication_error";
      case 404 -> "not_found_error";
      case 429 -> "rate_limit_error";
      case 529, 503 -> "overloaded_error";
      default -> "api_error";
    };
  }

  /** The OpenAI error type for a simulated HTTP status. */
  static String typeFor(int status) {
    return switch (status) {
      case 400 -> "invalid_request_error";
      case 401 -> "authentication_error";
      case 404 -> "not_found_error";
      case 429 -> "rate_limit_exceeded";
      default -> status >= 500 ? "server_error" : "invalid_request_error";
    };
  }
}
