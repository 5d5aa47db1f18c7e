package dev.gatlingllm.dsl.agents;

import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.ToolDefinition;
import java.util.List;
import java.util.Objects;

/**
 * A tool-calling prompt: the opening messages of a session and the functions offered, as one record
 * of a BFCL-style file holds them ({@link ToolPrompts}).
 *
 * @param id the record's id
 * @param messages the opening messages (the question), at least one
 * @param tools the functions offered, at least one
 */
public record ToolPrompt(String id, List<ChatMessage> messages, List<ToolDefinition> tools) {
  public ToolPrompt {
    Objects.requireNonNull(id, "id");
    messages = List.copyOf(messages);
    tools = List.copyOf(tools);
    if (messages.isEmpty() || tools.isEmpty()) {
      throw new IllegalArgumentException("tool prompt " + id + " needs a question and a tool");
    }
  }
}
