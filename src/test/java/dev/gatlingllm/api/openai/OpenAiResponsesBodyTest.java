package dev.gatlingllm.api.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.values.ChatMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenAiResponsesBodyTest {
  private final OpenAiResponsesDialect dialect = new OpenAiResponsesDialect();

  @Test
  void messagesGoToInputWithTheirRoles() {
    String body =
        dialect.requestBody(
            new GenerationRequest(
                "gpt-4.1",
                List.of(ChatMessage.system("Be brief."), ChatMessage.user("Hi")),
                null,
                64,
                0.2,
                true,
                true,
                Map.of()));
    // Neither stream_options.include_usage nor ignore_eos: OpenAI refuses them on this endpoint.
    assertEquals(
        "{\"model\":\"gpt-4.1\",\"input\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
            + "{\"role\":\"user\",\"content\":\"Hi\"}],\"stream\":true,\"max_output_tokens\":64,\"temperature\":0.2}",
        body);
  }

  @Test
  void aPromptIsTheInputText() {
    assertEquals(
        "{\"input\":\"Tell me\",\"stream\":true}",
        dialect.requestBody(
            new GenerationRequest(null, List.of(), "Tell me", null, null, null, false, Map.of())));
  }

  @Test
  void extraFieldsComeLastAndReplaceTheDialectsOwn() {
    assertEquals(
        "{\"input\":\"x\",\"stream\":true,\"max_output_tokens\":5,\"reasoning\":{\"summary\":\"auto\"}}",
        dialect.requestBody(
            new GenerationRequest(
                null,
                List.of(),
                "x",
                64,
                null,
                null,
                false,
                Map.of("max_output_tokens", 5, "reasoning", Map.of("summary", "auto")))));
  }
}
