package dev.gatlingllm.api.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.dsl.LlmDsl;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.MaxTokensField;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bodies are checked by parsing them back, not by comparing strings. */
class OpenAiRequestBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode parse(String body) throws Exception {
    return JSON.readTree(body);
  }

  private static GenerationRequest chatRequest(Map<String, Object> extra) {
    return new GenerationRequest(
        "meta-llama/Llama-3.1-8B-Instruct",
        List.of(ChatMessage.system("Be brief."), ChatMessage.user("Say \"hi\"\nin 日本語 😀")),
        null,
        128,
        0.7,
        true,
        true,
        extra);
  }

  @Test
  void chatBodyWithEveryField() throws Exception {
    JsonNode body = parse(new OpenAiChatDialect().requestBody(chatRequest(Map.of())));
    assertEquals("meta-llama/Llama-3.1-8B-Instruct", body.get("model").asText());
    assertEquals(2, body.get("messages").size());
    assertEquals("system", body.get("messages").get(0).get("role").asText());
    assertEquals("Be brief.", body.get("messages").get(0).get("content").asText());
    assertEquals("user", body.get("messages").get(1).get("role").asText());
    assertEquals("Say \"hi\"\nin 日本語 😀", body.get("messages").get(1).get("content").asText());
    assertTrue(body.get("stream").asBoolean());
    assertTrue(body.get("stream_options").get("include_usage").asBoolean());
    assertEquals(128, body.get("max_tokens").asInt());
    assertEquals(0.7, body.get("temperature").asDouble());
    assertTrue(body.get("ignore_eos").asBoolean());
    assertFalse(body.has("prompt"));
    assertEquals(
        List.of(
            "model",
            "messages",
            "stream",
            "stream_options",
            "max_tokens",
            "temperature",
            "ignore_eos"),
        names(body));
  }

  @Test
  void nullFieldsAreOmitted() throws Exception {
    GenerationRequest request =
        new GenerationRequest(
            null, List.of(ChatMessage.user("x")), null, null, null, null, false, Map.of());
    JsonNode body = parse(new OpenAiChatDialect().requestBody(request));
    assertEquals(List.of("messages", "stream"), names(body));
  }

  @Test
  void ignoreEosFalseIsLeftOutSinceHostedApisRejectTheFieldItself() throws Exception {
    GenerationRequest request =
        new GenerationRequest("m", List.of(), null, null, null, false, false, Map.of());
    JsonNode body = parse(new OpenAiChatDialect().requestBody(request));
    assertFalse(body.has("ignore_eos"));
    assertEquals(0, body.get("messages").size());
  }

  @Test
  void theLimitGoesInTheChosenField() throws Exception {
    GenerationRequest request =
        chatRequest(Map.of())
            .withMaxTokensField(MaxTokensField.MAX_COMPLETION_TOKENS)
            .withoutIgnoreEos();
    JsonNode body = parse(new OpenAiChatDialect().requestBody(request));
    assertEquals(128, body.get("max_completion_tokens").asInt());
    assertFalse(body.has("max_tokens"));
    assertFalse(body.has("ignore_eos"));
    JsonNode usual =
        parse(
            new OpenAiChatDialect()
                .requestBody(chatRequest(Map.of()).withMaxTokensField(MaxTokensField.MAX_TOKENS)));
    assertEquals(128, usual.get("max_tokens").asInt());
    assertFalse(usual.has("max_completion_tokens"));
  }

  @Test
  void maxTokensFieldNamesAreParsedAndBadOnesNamed() {
    assertEquals(
        MaxTokensField.MAX_COMPLETION_TOKENS,
        LlmProtocol.of(LlmDsl.llm().maxTokensField(" Max_Completion_Tokens ")).maxTokensField());
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> LlmDsl.llm().maxTokensField("max"));
    assertEquals(
        "max tokens field must be max_tokens or max_completion_tokens, was 'max'", e.getMessage());
  }

  @Test
  void extraFieldsAreWrittenLastInKeyOrder() throws Exception {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("top_p", 0.9);
    extra.put("seed", 42);
    extra.put("stop", List.of("\n\n", "END"));
    extra.put("chat_template_kwargs", Map.of("enable_thinking", false));
    extra.put("user", "load-test");
    JsonNode body = parse(new OpenAiChatDialect().requestBody(chatRequest(extra)));
    assertEquals(0.9, body.get("top_p").asDouble());
    assertEquals(42, body.get("seed").asInt());
    assertEquals("END", body.get("stop").get(1).asText());
    assertFalse(body.get("chat_template_kwargs").get("enable_thinking").asBoolean(true));
    assertEquals("load-test", body.get("user").asText());
    List<String> names = names(body);
    assertEquals(
        List.of("chat_template_kwargs", "seed", "stop", "top_p", "user"), names.subList(7, 12));
  }

  @Test
  void extraFieldsOverrideStandardFieldsWithoutDuplicateKeys() throws Exception {
    Map<String, Object> extra =
        Map.of(
            "max_tokens",
            7,
            "model",
            "other",
            "stream_options",
            Map.of("include_usage", true, "continuous_usage_stats", true),
            "temperature",
            0);
    String text = new OpenAiChatDialect().requestBody(chatRequest(extra));
    JsonNode body = parse(text);
    assertEquals(7, body.get("max_tokens").asInt());
    assertEquals("other", body.get("model").asText());
    assertEquals(0, body.get("temperature").asInt());
    assertTrue(body.get("stream_options").get("continuous_usage_stats").asBoolean());
    assertEquals(1, text.split("\"max_tokens\"", -1).length - 1);
    assertEquals(1, text.split("\"model\"", -1).length - 1);
    assertEquals(names(body).size(), new HashSet<>(names(body)).size());
  }

  @Test
  void extraFieldCanReplaceMessages() throws Exception {
    Map<String, Object> extra =
        Map.of(
            "messages",
            List.of(
                Map.of(
                    "role",
                    "user",
                    "content",
                    List.of(Map.of("type", "text", "text", "describe")))));
    JsonNode body = parse(new OpenAiChatDialect().requestBody(chatRequest(extra)));
    assertEquals(1, body.get("messages").size());
    assertEquals(
        "describe", body.get("messages").get(0).get("content").get(0).get("text").asText());
  }

  @Test
  void completionsBodyHasPromptInsteadOfMessages() throws Exception {
    GenerationRequest request =
        new GenerationRequest(
            "Qwen/Qwen2.5-7B",
            List.of(),
            "The capital of France is",
            16,
            0.0,
            null,
            true,
            Map.of("echo", false));
    JsonNode body = parse(new OpenAiCompletionsDialect().requestBody(request));
    assertEquals(
        List.of("model", "prompt", "stream", "stream_options", "max_tokens", "temperature", "echo"),
        names(body));
    assertEquals("The capital of France is", body.get("prompt").asText());
    assertEquals(0.0, body.get("temperature").asDouble());
    assertFalse(body.has("messages"));
  }

  @Test
  void completionsPromptWithControlCharactersRoundTrips() throws Exception {
    String prompt = "line1\nline2\t\"quoted\" \\ \u0001 \u2028 é";
    GenerationRequest request =
        new GenerationRequest(null, List.of(), prompt, null, null, null, false, Map.of());
    assertEquals(
        prompt, parse(new OpenAiCompletionsDialect().requestBody(request)).get("prompt").asText());
  }

  @Test
  void unserialisableExtraFieldFailsClearly() {
    GenerationRequest request =
        new GenerationRequest(
            "m", List.of(), "p", null, null, null, false, Map.of("bad", new Object()));
    UncheckedIOException e =
        assertThrows(
            UncheckedIOException.class, () -> new OpenAiCompletionsDialect().requestBody(request));
    assertTrue(e.getMessage().startsWith("cannot write the request body"), e.getMessage());
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }

  @Test
  void aPromptOnlyRequestIsAskedAsTheUserOnAChatEndpoint() throws Exception {
    GenerationRequest request =
        new GenerationRequest(
            "m", java.util.List.of(), "Once upon a time", 8, null, null, true, Map.of());
    JsonNode messages = parse(new OpenAiChatDialect().requestBody(request)).path("messages");
    assertEquals(1, messages.size());
    assertEquals("user", messages.get(0).path("role").asText());
    assertEquals("Once upon a time", messages.get(0).path("content").asText());
  }

  @Test
  void messagesWithoutAPromptBecomeThePromptOnACompletionsEndpoint() throws Exception {
    GenerationRequest request =
        new GenerationRequest(
            "m",
            java.util.List.of(
                dev.gatlingllm.values.ChatMessage.system("Be brief."),
                dev.gatlingllm.values.ChatMessage.user("Hi")),
            null,
            8,
            null,
            null,
            true,
            Map.of());
    JsonNode body = parse(new OpenAiCompletionsDialect().requestBody(request));
    assertEquals("Be brief.\nHi", body.path("prompt").asText());
    assertFalse(body.has("messages"));
  }
}
