package dev.gatlingllm.api.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.ollama.OllamaGenerateDialect;
import dev.gatlingllm.api.openai.AzureOpenAiDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiCompletionsDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.ToolDefinition;
import dev.gatlingllm.values.ToolUse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each chat dialect writes the tools offered and an agent's history (an assistant's tool call, the
 * tool's result) in its API's form.
 */
class ToolPartsBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
          + "\"required\":[\"city\"]}";
  private static final ToolDefinition WEATHER =
      new ToolDefinition("get_weather", "Weather of a city", SCHEMA);
  private static final List<ChatMessage> HISTORY =
      List.of(
          ChatMessage.system("be brief"),
          ChatMessage.user("Weather in Paris?"),
          ChatMessage.assistantToolCalls(
              List.of(new ToolUse("call_1", "get_weather", "{\"city\":\"Paris\"}"))),
          ChatMessage.toolResult("call_1", "sunny, 21 C"));

  private static JsonNode body(LlmDialect dialect) throws IOException {
    GenerationRequest request =
        new GenerationRequest("m", HISTORY, null, 16, null, null, true, Map.of())
            .withTools(List.of(WEATHER));
    return JSON.readTree(dialect.requestBody(request));
  }

  @Test
  void openAiWritesFunctionToolsToolCallsAndToolMessages() throws IOException {
    for (LlmDialect dialect : List.of(new OpenAiChatDialect(), new AzureOpenAiDialect())) {
      JsonNode body = body(dialect);
      JsonNode tool = body.get("tools").get(0);
      assertEquals("function", tool.get("type").asText());
      assertEquals("get_weather", tool.at("/function/name").asText());
      assertEquals("Weather of a city", tool.at("/function/description").asText());
      assertEquals(JSON.readTree(SCHEMA), tool.at("/function/parameters"));
      JsonNode assistant = body.get("messages").get(2);
      assertEquals("assistant", assistant.get("role").asText());
      assertTrue(assistant.get("content").isNull());
      JsonNode call = assistant.get("tool_calls").get(0);
      assertEquals("call_1", call.get("id").asText());
      assertEquals("function", call.get("type").asText());
      assertEquals("get_weather", call.at("/function/name").asText());
      // OpenAI's arguments are a JSON string, not an object.
      assertEquals("{\"city\":\"Paris\"}", call.at("/function/arguments").asText());
      JsonNode result = body.get("messages").get(3);
      assertEquals("tool", result.get("role").asText());
      assertEquals("call_1", result.get("tool_call_id").asText());
      assertEquals("sunny, 21 C", result.get("content").asText());
    }
  }

  @Test
  void anthropicWritesInputSchemaToolUseAndToolResultBlocks() throws IOException {
    JsonNode body = body(new AnthropicDialect());
    JsonNode tool = body.get("tools").get(0);
    assertEquals("get_weather", tool.get("name").asText());
    assertEquals(JSON.readTree(SCHEMA), tool.get("input_schema"));
    assertFalse(tool.has("type"));
    JsonNode messages = body.get("messages");
    assertEquals(3, messages.size(), "the system message is the top-level system");
    JsonNode use = messages.get(1).get("content").get(0);
    assertEquals("assistant", messages.get(1).get("role").asText());
    assertEquals("tool_use", use.get("type").asText());
    assertEquals("call_1", use.get("id").asText());
    assertEquals("Paris", use.at("/input/city").asText());
    JsonNode result = messages.get(2);
    assertEquals("user", result.get("role").asText());
    assertEquals("tool_result", result.at("/content/0/type").asText());
    assertEquals("call_1", result.at("/content/0/tool_use_id").asText());
    assertEquals("sunny, 21 C", result.at("/content/0/content").asText());
  }

  @Test
  void ollamaWritesToolCallsWithArgumentObjectsAndToolRole() throws IOException {
    JsonNode body = body(new OllamaChatDialect());
    assertEquals("get_weather", body.at("/tools/0/function/name").asText());
    JsonNode assistant = body.get("messages").get(2);
    assertEquals("", assistant.get("content").asText());
    assertEquals("get_weather", assistant.at("/tool_calls/0/function/name").asText());
    assertEquals("Paris", assistant.at("/tool_calls/0/function/arguments/city").asText());
    JsonNode result = body.get("messages").get(3);
    assertEquals("tool", result.get("role").asText());
    assertEquals("sunny, 21 C", result.get("content").asText());
  }

  @Test
  void noToolsNoField() throws IOException {
    GenerationRequest plain =
        new GenerationRequest(
            "m", List.of(ChatMessage.user("hi")), null, 16, null, null, true, Map.of());
    assertFalse(JSON.readTree(new OpenAiChatDialect().requestBody(plain)).has("tools"));
    assertFalse(JSON.readTree(new AnthropicDialect().requestBody(plain)).has("tools"));
  }

  @Test
  void dialectsWithoutToolsRefuseThem() {
    GenerationRequest request =
        new GenerationRequest(
                "m", List.of(ChatMessage.user("hi")), null, 16, null, null, true, Map.of())
            .withTools(List.of(WEATHER));
    for (LlmDialect dialect :
        List.of(
            new OpenAiCompletionsDialect(),
            new OllamaGenerateDialect(),
            new OpenAiResponsesDialect())) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> dialect.requestBody(request));
      assertTrue(e.getMessage().contains("tools need a chat dialect"), e.getMessage());
    }
  }

  @Test
  void anExtraToolsFieldReplacesThem() throws IOException {
    GenerationRequest request =
        new GenerationRequest(
                "m",
                List.of(ChatMessage.user("hi")),
                null,
                16,
                null,
                null,
                true,
                Map.of("tools", List.of()))
            .withTools(List.of(WEATHER));
    assertEquals(
        0, JSON.readTree(new OpenAiChatDialect().requestBody(request)).get("tools").size());
  }
}
