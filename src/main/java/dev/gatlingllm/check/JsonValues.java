package dev.gatlingllm.check;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.function.Function;

/**
 * Searches for one value in a JSON text (the answer, a tool call's arguments), for a {@link
 * ValueCheck}.
 */
public final class JsonValues {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonValues() {}

  /**
   * A search of {@code path} (see {@link JsonPaths}, compiled now) in the JSON text {@code json}
   * gives; the value's text is a string's content, a number's or boolean's JSON text, or an
   * object's or array's JSON.
   *
   * @param what how messages name the text, e.g. {@code the answer}
   * @param notJson the failure when the text is not JSON
   */
  public static <T> Function<T, ValueCheck.Found> search(
      String path, String what, String notJson, Function<T, String> json) {
    JsonPointer pointer = JsonPaths.compile(path);
    String notFound = "jsonPath " + path + " not found in " + what;
    return source -> {
      String text = json.apply(source);
      JsonNode root;
      try {
        root = text == null || text.isBlank() ? null : MAPPER.readTree(text);
      } catch (Exception e) {
        root = null;
      }
      if (root == null) {
        return ValueCheck.Found.none(notJson);
      }
      JsonNode node = root.at(pointer);
      if (node.isMissingNode()) {
        return ValueCheck.Found.none(notFound);
      }
      return ValueCheck.Found.of(node.isValueNode() ? node.asText() : node.toString());
    };
  }
}
