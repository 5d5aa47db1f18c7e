package dev.gatlingllm.values;

import java.util.Objects;

/**
 * One tool call an assistant message of a history carries: the id the tool's result answers, the
 * function's name and its arguments (JSON text, an object). An agent's next turn sends it back with
 * the result ({@link ChatMessage#assistantToolCalls}, {@link ChatMessage#toolResult}).
 *
 * @param id the call's id (OpenAI's {@code tool_calls[].id}, Anthropic's {@code tool_use.id})
 * @param name the function's name
 * @param arguments the arguments as JSON text; empty is sent as {@code {}}
 */
public record ToolUse(String id, String name, String arguments) {
  public ToolUse {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    arguments = arguments == null || arguments.isBlank() ? "{}" : arguments;
  }
}
