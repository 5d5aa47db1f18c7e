package dev.gatlingllm.dsl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.values.ToolDefinition;
import java.util.List;
import java.util.Objects;

/**
 * Checks constant tools once, when the scenario is written: their parameter schemas are written raw
 * into every request body, so a schema that is not JSON must fail here rather than at the server.
 */
final class ToolSchemas {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ToolSchemas() {}

  static List<ToolDefinition> checked(List<ToolDefinition> tools) {
    List<ToolDefinition> copy = List.copyOf(Objects.requireNonNull(tools, "tools"));
    for (ToolDefinition tool : copy) {
      try {
        if (!JSON.readTree(tool.parameters()).isObject()) {
          throw new IllegalArgumentException(
              "tool " + tool.name() + ": parameters must be a JSON object");
        }
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException(
            "tool " + tool.name() + ": parameters are not JSON: " + e.getOriginalMessage(), e);
      }
    }
    return copy;
  }
}
