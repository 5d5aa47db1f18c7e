package dev.gatlingllm.api.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.ResponseSchema;
import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiCompletionsDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.ResponseFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each form of structured output carries the schema exactly, where its server reads it. */
class ResponseSchemaBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
          + "\"age\":{\"type\":\"integer\"}},\"required\":[\"name\",\"age\"]}";

  private static JsonNode body(LlmDialect dialect, ResponseFormat format) throws Exception {
    GenerationRequest request =
        new GenerationRequest(
                "m", List.of(ChatMessage.user("hi")), null, 64, null, null, false, Map.of())
            .withResponseSchema(new ResponseSchema(JSON.readTree(SCHEMA), format));
    return JSON.readTree(dialect.requestBody(request));
  }

  @Test
  void openAisResponseFormatIsTheChatDefault() throws Exception {
    JsonNode body = body(new OpenAiChatDialect(), ResponseFormat.dialectDefault());
    JsonNode format = body.get("response_format");
    assertEquals("json_schema", format.get("type").asText());
    assertEquals("response", format.get("json_schema").get("name").asText());
    assertEquals(JSON.readTree(SCHEMA), format.get("json_schema").get("schema"));
    assertTrue(format.get("json_schema").get("strict").asBoolean());
    assertFalse(body.has("guided_json"));
  }

  @Test
  void nameAndStrictAreTheUsers() throws Exception {
    JsonNode body =
        body(new OpenAiCompletionsDialect(), ResponseFormat.openAi().named("person").strict(false));
    assertEquals("person", body.at("/response_format/json_schema/name").asText());
    assertFalse(body.at("/response_format/json_schema/strict").asBoolean());
    assertEquals(JSON.readTree(SCHEMA), body.at("/response_format/json_schema/schema"));
  }

  @Test
  void vllmsGuidedJson() throws Exception {
    JsonNode body = body(new OpenAiChatDialect(), ResponseFormat.vllmGuidedJson());
    assertEquals(JSON.readTree(SCHEMA), body.get("guided_json"));
    assertFalse(body.has("response_format"));
  }

  @Test
  void vllmsStructuredOutputs() throws Exception {
    JsonNode body = body(new OpenAiChatDialect(), ResponseFormat.vllmStructuredOutputs());
    assertEquals(JSON.readTree(SCHEMA), body.get("structured_outputs").get("json"));
    assertEquals(1, body.get("structured_outputs").size());
    assertFalse(body.has("response_format"));
  }

  @Test
  void llamaCppsTopLevelJsonSchema() throws Exception {
    JsonNode body = body(new OpenAiCompletionsDialect(), ResponseFormat.llamaCppJsonSchema());
    assertEquals(JSON.readTree(SCHEMA), body.get("json_schema"));
    assertFalse(body.has("response_format"));
  }

  @Test
  void theResponsesApisTextFormat() throws Exception {
    JsonNode body = body(new OpenAiResponsesDialect(), ResponseFormat.dialectDefault());
    JsonNode format = body.get("text").get("format");
    assertEquals("json_schema", format.get("type").asText());
    assertEquals("response", format.get("name").asText());
    assertEquals(JSON.readTree(SCHEMA), format.get("schema"));
    assertTrue(format.get("strict").asBoolean());
  }

  @Test
  void ollamasFormat() throws Exception {
    JsonNode body = body(new OllamaChatDialect(), ResponseFormat.dialectDefault());
    assertEquals(JSON.readTree(SCHEMA), body.get("format"));
  }

  @Test
  void anthropicRefusesClearly() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> body(new AnthropicDialect(), ResponseFormat.dialectDefault()));
    assertEquals(AnthropicDialect.NO_RESPONSE_SCHEMA, refused.getMessage());
    assertEquals(AnthropicDialect.NO_RESPONSE_SCHEMA, new AnthropicDialect().noResponseSchema());
  }

  @Test
  void anExtraFieldOfTheSameNameWins() throws Exception {
    GenerationRequest request =
        new GenerationRequest(
                "m",
                List.of(ChatMessage.user("hi")),
                null,
                null,
                null,
                null,
                false,
                Map.of("guided_json", Map.of("type", "string")))
            .withResponseSchema(
                new ResponseSchema(JSON.readTree(SCHEMA), ResponseFormat.vllmGuidedJson()));
    JsonNode body = JSON.readTree(new OpenAiChatDialect().requestBody(request));
    assertEquals("string", body.get("guided_json").get("type").asText());
  }

  @Test
  void noSchemaNoField() throws Exception {
    JsonNode body =
        JSON.readTree(
            new OpenAiChatDialect()
                .requestBody(
                    new GenerationRequest(
                        "m",
                        List.of(ChatMessage.user("hi")),
                        null,
                        8,
                        null,
                        null,
                        false,
                        Map.of())));
    assertFalse(body.has("response_format"));
  }
}
