package dev.gatlingllm.simulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;

/**
 * Error bodies: OpenAI-style {@code {"error":{"message":..,"type":..,"param":null,"code":..}}}, and Ollama's
 * {@code {"error":".."}} for its endpoints.
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
    if (code == null) error.putNull("code"); else error.put("code", code);
    return root.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Ollama's error body: {@code {"error":"..."}}. */
  static byte[] ollamaBody(String message) {
    ObjectNode root = JSON.createObjectNode();
    root.put("error", message);
    return root.toString().getBytes(StandardCharsets.UTF_8);
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
