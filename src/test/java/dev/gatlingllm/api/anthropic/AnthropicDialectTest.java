package dev.gatlingllm.api.anthropic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.values.ChatMessage;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AnthropicDialectTest {
  private final AnthropicDialect dialect = new AnthropicDialect();

  private static GenerationRequest request(
      List<ChatMessage> messages, String prompt, Integer maxTokens, Map<String, Object> extra) {
    return new GenerationRequest(
        "claude-sonnet-4-5", messages, prompt, maxTokens, 0.5, true, true, extra);
  }

  @Test
  void systemMessagesGoToTheTopLevelSystemField() {
    String body =
        dialect.requestBody(
            request(
                List.of(
                    ChatMessage.system("Be brief."),
                    ChatMessage.user("Hi"),
                    ChatMessage.assistant("Hello"),
                    ChatMessage.system("No lists."),
                    ChatMessage.user("Why?")),
                null,
                64,
                Map.of()));
    // ignore_eos and stream_options are not part of this API: not sent.
    assertEquals(
        "{\"model\":\"claude-sonnet-4-5\",\"system\":\"Be brief.\\n\\nNo lists.\",\"messages\":["
            + "{\"role\":\"user\",\"content\":\"Hi\"},{\"role\":\"assistant\",\"content\":\"Hello\"},"
            + "{\"role\":\"user\",\"content\":\"Why?\"}],\"max_tokens\":64,\"stream\":true,\"temperature\":0.5}",
        body);
  }

  @Test
  void maxTokensIsAlwaysSentAndAPromptIsAskedAsTheUser() {
    String body =
        dialect.requestBody(
            new GenerationRequest(null, List.of(), "Tell me", null, null, null, false, Map.of()));
    assertEquals(
        "{\"messages\":[{\"role\":\"user\",\"content\":\"Tell me\"}],\"max_tokens\":"
            + AnthropicDialect.DEFAULT_MAX_TOKENS
            + ",\"stream\":true}",
        body);
  }

  @Test
  void extraFieldsComeLastAndReplaceTheDialectsOwn() {
    String body =
        dialect.requestBody(
            request(
                List.of(ChatMessage.user("Hi")),
                null,
                64,
                Map.of(
                    "max_tokens",
                    9,
                    "thinking",
                    new TreeMap<>(Map.of("type", "enabled", "budget_tokens", 2048)))));
    assertEquals(
        "{\"model\":\"claude-sonnet-4-5\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
            + "\"stream\":true,\"temperature\":0.5,\"max_tokens\":9,"
            + "\"thinking\":{\"budget_tokens\":2048,\"type\":\"enabled\"}}",
        body);
  }

  @Test
  void theKeyGoesInXApiKeyBesideTheApiVersion() {
    assertEquals(Map.of("x-api-key", "sk-ant-1"), dialect.authHeaders("sk-ant-1"));
    assertEquals(Map.of("anthropic-version", "2023-06-01"), dialect.fixedHeaders());
    assertEquals("text/event-stream", dialect.accept());
  }

  @Test
  void errorBodiesGiveTypeAndMessage() {
    assertEquals(
        "overloaded_error: Overloaded",
        dialect.errorMessage(
            "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},"
                + "\"request_id\":\"req_011CSHoEeqs5C35K2UUqR7Fy\"}"));
    assertEquals(
        "invalid_request_error: max_tokens: Field required",
        dialect.errorMessage(
            "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"max_tokens: Field required\"}}"));
    // A gateway's OpenAI-shaped body, and a proxy's page.
    assertEquals(
        "Rate limit reached",
        dialect.errorMessage("{\"error\":{\"message\":\"Rate limit reached\"}}"));
    assertEquals("<html>Bad gateway</html>", dialect.errorMessage("<html>Bad gateway</html>"));
    assertEquals("(empty body)", dialect.errorMessage(""));
  }
}
