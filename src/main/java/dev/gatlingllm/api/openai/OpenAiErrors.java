package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.api.json.DialectJson;
import java.io.IOException;

/**
 * Finds the human-readable message in an error body, whatever shape the server gave it: public so
 * that the other dialects fall back on it for the bodies of gateways that answer in OpenAI's shape.
 */
public final class OpenAiErrors {
  /** Far more than a KO message shows: see {@link DialectJson#EXCERPT_CHARS}. */
  static final int MAX_BODY_CHARS = DialectJson.EXCERPT_CHARS;

  private OpenAiErrors() {}

  /**
   * OpenAI's {@code {"error":{"message":..}}}, then the looser shapes other servers use ({@code
   * {"error":".."}}, {@code {"message":".."}}, FastAPI's {@code {"detail":".."}}), else the body
   * itself, shortened: a load test report must show something even for an HTML page from a proxy.
   */
  public static String message(String body) {
    if (body == null || body.isBlank()) {
      return "(empty body)";
    }
    String trimmed = body.strip();
    String known = knownMessage(trimmed);
    return known != null ? known : DialectJson.shorten(trimmed, MAX_BODY_CHARS);
  }

  private static String knownMessage(String body) {
    if (body.charAt(0) != '{') {
      return null; // not JSON: skip the parser and its exception
    }
    JsonNode root;
    try {
      root = DialectJson.MAPPER.readTree(body);
    } catch (IOException e) {
      return null;
    }
    if (root == null || !root.isObject()) {
      return null;
    }
    JsonNode error = root.get("error");
    if (error != null && error.isObject()) {
      String message = text(error.get("message"));
      if (message != null) {
        return message;
      }
    }
    String direct = text(error);
    if (direct != null) {
      return direct;
    }
    direct = text(root.get("message"));
    return direct != null ? direct : text(root.get("detail"));
  }

  private static String text(JsonNode node) {
    return node != null && node.isTextual() && !node.textValue().isBlank()
        ? node.textValue()
        : null;
  }
}
