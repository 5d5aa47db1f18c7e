package dev.gatlingllm.dsl.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.ToolDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Tool-calling prompts from a file in the layout of the Berkeley Function Calling Leaderboard
 * (BFCL), one JSON object per line:
 *
 * <pre>{"id": "simple_0", "question": [[{"role": "user", "content": "..."}]],
 *  "function": [{"name": "..", "description": "..", "parameters": {"type": "dict", ...}}]}</pre>
 *
 * <p>The first turn's messages ({@code question[0]}) open the session; the functions are offered as
 * tools. BFCL's Python-flavoured schema types are renamed to JSON Schema's ({@code dict} to {@code
 * object}, {@code float} to {@code number}, {@code tuple} to {@code array}, {@code any} dropped),
 * as OpenAI-style servers refuse the others.
 */
public final class ToolPrompts {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> TYPES =
      Map.of("dict", "object", "float", "number", "tuple", "array");

  private ToolPrompts() {}

  /**
   * The records of a BFCL-style file, in order.
   *
   * @param location a path, or else a classpath resource
   * @throws IllegalArgumentException naming the line of a record without a question or a function
   */
  public static List<ToolPrompt> read(String location) {
    return JsonLines.read(location, "tool prompts", "a tool prompt", ToolPrompts::prompt);
  }

  private static ToolPrompt prompt(String line, int number) throws IOException {
    JsonNode record = JSON.readTree(line);
    JsonNode question = record.path("question");
    // BFCL nests turns of messages; an older layout holds one list of messages.
    JsonNode firstTurn = question.path(0).isArray() ? question.path(0) : question;
    List<ChatMessage> messages = new ArrayList<>();
    for (JsonNode message : firstTurn) {
      messages.add(
          new ChatMessage(message.path("role").asText("user"), message.path("content").asText()));
    }
    List<ToolDefinition> tools = new ArrayList<>();
    for (JsonNode function : record.path("function")) {
      JsonNode parameters = function.path("parameters");
      tools.add(
          new ToolDefinition(
              function.path("name").asText(),
              function.path("description").asText(""),
              parameters.isObject() ? jsonSchemaTypes(parameters.deepCopy()).toString() : null));
    }
    return new ToolPrompt(record.path("id").asText("line" + number), messages, tools);
  }

  /** BFCL's type names to JSON Schema's, through the whole schema. */
  private static JsonNode jsonSchemaTypes(JsonNode node) {
    if (node instanceof ObjectNode object) {
      JsonNode type = object.get("type");
      if (type != null && type.isTextual()) {
        if ("any".equals(type.asText())) {
          object.remove("type");
        } else if (TYPES.containsKey(type.asText())) {
          object.put("type", TYPES.get(type.asText()));
        }
      }
      for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
        jsonSchemaTypes(fields.next().getValue());
      }
    } else if (node != null && node.isArray()) {
      for (JsonNode item : node) {
        jsonSchemaTypes(item);
      }
    }
    return node;
  }
}
