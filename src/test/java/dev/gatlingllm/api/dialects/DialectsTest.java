package dev.gatlingllm.api.dialects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.values.ChatMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

class DialectsTest {

  @Test
  void knownIds() {
    assertEquals(
        List.of(
            "openai-chat",
            "openai-completions",
            "ollama-chat",
            "ollama-generate",
            "openai-responses",
            "anthropic",
            "azure-openai"),
        Dialects.ids());
    assertEquals("/api/chat", Dialects.byId("ollama-chat").defaultEndpoint());
    assertEquals("/api/generate", Dialects.byId("ollama-generate").defaultEndpoint());
    assertEquals("/v1/chat/completions", Dialects.byId("openai-chat").defaultEndpoint());
    assertEquals("/v1/completions", Dialects.byId("openai-completions").defaultEndpoint());
    assertEquals("/v1/responses", Dialects.byId("openai-responses").defaultEndpoint());
    assertEquals("/v1/messages", Dialects.byId("anthropic").defaultEndpoint());
    for (LlmDialect dialect : Dialects.all()) {
      assertSame(dialect, Dialects.byId(dialect.id()));
    }
  }

  @Test
  void onlyADialectWhoseApiHasIgnoreEosWritesIt() {
    GenerationRequest request =
        new GenerationRequest(
            "m", List.of(ChatMessage.user("hi")), null, 16, null, true, false, java.util.Map.of());
    for (LlmDialect dialect : Dialects.all()) {
      assertEquals(
          dialect.supportsIgnoreEos(),
          dialect.requestBody(request).contains("\"ignore_eos\""),
          dialect.id());
    }
  }

  @Test
  void idsAreMatchedIgnoringCaseAndSpaces() {
    assertSame(Dialects.byId("openai-chat"), Dialects.byId(" OpenAI-Chat "));
  }

  @Test
  void unknownIdListsTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Dialects.byId("gemini"));
    assertEquals(
        "unknown LLM dialect 'gemini'; known dialects: openai-chat, openai-completions, ollama-chat,"
            + " ollama-generate, openai-responses, anthropic, azure-openai",
        e.getMessage());
    IllegalArgumentException nullId =
        assertThrows(IllegalArgumentException.class, () -> Dialects.byId(null));
    assertTrue(nullId.getMessage().contains("openai-chat"));
  }

  @Test
  void eachRequestGetsItsOwnInterpreter() {
    LlmDialect chat = Dialects.byId("openai-chat");
    assertNotSame(chat.newInterpreter(), chat.newInterpreter());
  }
}
