package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.ToolDefinition;
import dev.gatlingllm.values.ToolUse;
import java.io.IOException;
import java.util.List;

/**
 * How a chat API writes the tools a request offers and the tool parts of an agent's history: an
 * assistant message's tool calls and a tool's result. Each chat dialect names its form; the shared
 * message writer asks it for every message that carries a tool part, the other messages keep the
 * shape all chat APIs share.
 *
 * <p>Arguments and parameter schemas are JSON text checked when they were made (the DSL, the
 * dataset readers): written raw, so a request does not parse them again.
 */
public enum ToolParts {
  /**
   * OpenAI Chat Completions (and vLLM, SGLang, llama.cpp): {@code tools: [{type: function,
   * function: {name, description, parameters}}]}; an assistant's {@code tool_calls: [{id, type:
   * function, function: {name, arguments}}]} with the arguments as a JSON string; a result as role
   * {@code tool} with its {@code tool_call_id}.
   */
  OPENAI_CHAT {
    @Override
    void tool(JsonGenerator json, ToolDefinition tool) throws IOException {
      json.writeStartObject();
      json.writeStringField("type", "function");
      json.writeObjectFieldStart("function");
      nameDescription(json, tool);
      json.writeFieldName("parameters");
      json.writeRawValue(tool.parameters());
      json.writeEndObject();
      json.writeEndObject();
    }

    @Override
    void toolCallMessage(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("role", message.role());
      if (message.content().isEmpty()) {
        json.writeNullField("content");
      } else {
        json.writeStringField("content", message.content());
      }
      toolCalls(json, message, true);
    }

    @Override
    void toolResultMessage(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("role", ChatMessage.TOOL);
      json.writeStringField("tool_call_id", message.toolCallId());
      json.writeStringField("content", message.content());
    }
  },
  /**
   * Anthropic Messages: {@code tools: [{name, description, input_schema}]}; an assistant's calls as
   * {@code tool_use} blocks ({@code id, name, input}, the arguments as an object); a result as a
   * user message holding a {@code tool_result} block with its {@code tool_use_id}.
   */
  ANTHROPIC {
    @Override
    void tool(JsonGenerator json, ToolDefinition tool) throws IOException {
      json.writeStartObject();
      nameDescription(json, tool);
      json.writeFieldName("input_schema");
      json.writeRawValue(tool.parameters());
      json.writeEndObject();
    }

    @Override
    void toolCallMessage(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("role", message.role());
      json.writeArrayFieldStart("content");
      if (!message.content().isEmpty()) {
        json.writeStartObject();
        json.writeStringField("type", "text");
        json.writeStringField("text", message.content());
        json.writeEndObject();
      }
      for (ToolUse call : message.toolCalls()) {
        json.writeStartObject();
        json.writeStringField("type", "tool_use");
        json.writeStringField("id", call.id());
        json.writeStringField("name", call.name());
        json.writeFieldName("input");
        json.writeRawValue(call.arguments());
        json.writeEndObject();
      }
      json.writeEndArray();
    }

    @Override
    void toolResultMessage(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("role", "user");
      json.writeArrayFieldStart("content");
      json.writeStartObject();
      json.writeStringField("type", "tool_result");
      json.writeStringField("tool_use_id", message.toolCallId());
      json.writeStringField("content", message.content());
      json.writeEndObject();
      json.writeEndArray();
    }
  },
  /**
   * Ollama's chat: {@code tools} in OpenAI's form; an assistant's {@code tool_calls: [{function:
   * {name, arguments}}]} with the arguments as an object (Ollama has no call ids); a result as role
   * {@code tool}.
   */
  OLLAMA {
    @Override
    void tool(JsonGenerator json, ToolDefinition tool) throws IOException {
      OPENAI_CHAT.tool(json, tool);
    }

    @Override
    void toolCallMessage(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("role", message.role());
      json.writeStringField("content", message.content());
      toolCalls(json, message, false);
    }

    @Override
    void toolResultMessage(JsonGenerator json, ChatMessage message) throws IOException {
      json.writeStringField("role", ChatMessage.TOOL);
      json.writeStringField("content", message.content());
    }
  },
  /**
   * An API without tools here (completions, Responses): a request offering tools is refused rather
   * than sent without them, which would measure another workload.
   */
  NONE {
    @Override
    void tool(JsonGenerator json, ToolDefinition tool) {
      throw new IllegalArgumentException(
          "tools need a chat dialect (openai-chat, azure-openai, anthropic, ollama-chat)");
    }

    @Override
    void toolCallMessage(JsonGenerator json, ChatMessage message) {
      tool(json, null);
    }

    @Override
    void toolResultMessage(JsonGenerator json, ChatMessage message) {
      tool(json, null);
    }
  };

  abstract void tool(JsonGenerator json, ToolDefinition tool) throws IOException;

  /** The fields of an assistant message that carries tool calls. */
  abstract void toolCallMessage(JsonGenerator json, ChatMessage message) throws IOException;

  /** The fields of a tool's result. */
  abstract void toolResultMessage(JsonGenerator json, ChatMessage message) throws IOException;

  /** {@code tools}, unless the request offers none or an extra body field names it. */
  public void writeTools(JsonBodyWriter body, List<ToolDefinition> tools) throws IOException {
    if (tools.isEmpty() || !body.owns("tools")) {
      return;
    }
    JsonGenerator json = body.json();
    json.writeArrayFieldStart("tools");
    for (ToolDefinition tool : tools) {
      tool(json, tool);
    }
    json.writeEndArray();
  }

  /**
   * Writes the fields of {@code message} when it carries a tool part and returns true; false (and
   * nothing written) for any other message.
   */
  boolean writeToolMessage(JsonGenerator json, ChatMessage message) throws IOException {
    if (message.hasToolCalls()) {
      toolCallMessage(json, message);
      return true;
    }
    if (message.isToolResult()) {
      toolResultMessage(json, message);
      return true;
    }
    return false;
  }

  /**
   * {@code tool_calls: [{function: {name, arguments}}]}, OpenAI's with each call's {@code id} and
   * {@code type} and the arguments as a JSON string, Ollama's without ids and the arguments as an
   * object.
   */
  private static void toolCalls(JsonGenerator json, ChatMessage message, boolean openAi)
      throws IOException {
    json.writeArrayFieldStart("tool_calls");
    for (ToolUse call : message.toolCalls()) {
      json.writeStartObject();
      if (openAi) {
        json.writeStringField("id", call.id());
        json.writeStringField("type", "function");
      }
      json.writeObjectFieldStart("function");
      json.writeStringField("name", call.name());
      if (openAi) {
        json.writeStringField("arguments", call.arguments());
      } else {
        json.writeFieldName("arguments");
        json.writeRawValue(call.arguments());
      }
      json.writeEndObject();
      json.writeEndObject();
    }
    json.writeEndArray();
  }

  private static void nameDescription(JsonGenerator json, ToolDefinition tool) throws IOException {
    json.writeStringField("name", tool.name());
    if (!tool.description().isEmpty()) {
      json.writeStringField("description", tool.description());
    }
  }
}
