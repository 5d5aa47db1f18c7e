package dev.gatlingllm.values;

import java.util.Objects;

/**
 * A function the model may call, as a request's {@code tools} offer it: its name, what it does and
 * the JSON Schema of its arguments. Each chat dialect writes it in its API's form (OpenAI's {@code
 * {"type": "function", "function": {..}}}, Anthropic's {@code input_schema}, Ollama's OpenAI-like
 * form).
 *
 * @param name the function's name
 * @param description what the function does, for the model (may be empty)
 * @param parameters the JSON Schema of its arguments, as JSON text (an object); written as it is,
 *     so it must be valid JSON: the DSL and the dataset readers check it when they make one
 */
public record ToolDefinition(String name, String description, String parameters) {
  /** The schema of a function that takes no argument. */
  public static final String NO_PARAMETERS = "{\"type\":\"object\",\"properties\":{}}";

  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a tool's name must not be blank");
    }
    description = description == null ? "" : description;
    parameters = parameters == null || parameters.isBlank() ? NO_PARAMETERS : parameters.strip();
    if (!parameters.startsWith("{")) {
      throw new IllegalArgumentException(
          "tool " + name + ": parameters must be a JSON Schema object, was " + parameters);
    }
  }
}
