package dev.gatlingllm.api.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.framing.Framing;
import dev.gatlingllm.values.ChatMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The request bodies and wire settings of Ollama's two endpoints, per its API documentation. */
class OllamaDialectTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static GenerationRequest request(
      List<ChatMessage> messages,
      String prompt,
      Integer maxTokens,
      Double temperature,
      Map<String, Object> extra) {
    return new GenerationRequest(
        "llama3.2", messages, prompt, maxTokens, temperature, true, true, extra);
  }

  @Test
  void chatBodyStreamsWithItsLimitAndTemperatureInOptions() throws Exception {
    String body =
        new OllamaChatDialect()
            .requestBody(
                request(
                    List.of(
                        ChatMessage.system("Be brief."), ChatMessage.user("Why is the sky blue?")),
                    null,
                    128,
                    0.0,
                    Map.of()));
    assertEquals(
        "{\"model\":\"llama3.2\",\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
            + "{\"role\":\"user\",\"content\":\"Why is the sky blue?\"}],\"stream\":true,"
            + "\"options\":{\"num_predict\":128,\"temperature\":0.0}}",
        body,
        "no ignore_eos (Ollama has none) and no stream_options");
  }

  @Test
  void generateBodyTakesThePromptOrTheMessagesTexts() throws Exception {
    OllamaGenerateDialect generate = new OllamaGenerateDialect();
    JsonNode withPrompt =
        MAPPER.readTree(generate.requestBody(request(List.of(), "Once upon", 16, null, Map.of())));
    assertEquals("Once upon", withPrompt.get("prompt").textValue());
    assertEquals(true, withPrompt.get("stream").booleanValue());
    assertEquals(16, withPrompt.get("options").get("num_predict").intValue());
    assertEquals(null, withPrompt.get("options").get("temperature"));
    JsonNode fromMessages =
        MAPPER.readTree(
            generate.requestBody(
                request(
                    List.of(ChatMessage.system("S"), ChatMessage.user("U")),
                    null,
                    null,
                    null,
                    Map.of())));
    assertEquals("S\nU", fromMessages.get("prompt").textValue());
    assertEquals(null, fromMessages.get("options"), "no options object without settings");
  }

  @Test
  void chatBodyAsksAPromptAsTheUser() throws Exception {
    JsonNode body =
        MAPPER.readTree(
            new OllamaChatDialect().requestBody(request(List.of(), "Hi", null, null, Map.of())));
    assertEquals("user", body.get("messages").get(0).get("role").textValue());
    assertEquals("Hi", body.get("messages").get(0).get("content").textValue());
  }

  @Test
  void extraFieldsComeLastAndAnExtraOptionsObjectReplacesOurs() throws Exception {
    String body =
        new OllamaGenerateDialect()
            .requestBody(
                request(
                    List.of(),
                    "p",
                    8,
                    0.5,
                    Map.of("options", Map.of("num_ctx", 4096), "keep_alive", "5m", "think", true)));
    assertEquals(
        "{\"model\":\"llama3.2\",\"prompt\":\"p\",\"stream\":true,\"keep_alive\":\"5m\","
            + "\"options\":{\"num_ctx\":4096},\"think\":true}",
        body);
  }

  @Test
  void wireSettings() {
    OllamaChatDialect chat = new OllamaChatDialect();
    assertEquals(Framing.NDJSON, chat.framing());
    assertEquals("application/x-ndjson", chat.accept());
    assertEquals(List.of("application/x-ndjson", "application/ndjson"), chat.contentTypes());
    assertEquals(
        Map.of("Authorization", "Bearer k"),
        chat.authHeaders("k"),
        "as Ollama behind a proxy expects");
    assertEquals("/api/chat", chat.defaultEndpoint());
    assertEquals("/api/generate", new OllamaGenerateDialect().defaultEndpoint());
  }

  @Test
  void errorBodies() {
    OllamaChatDialect chat = new OllamaChatDialect();
    assertEquals(
        "model \"nope\" not found, try pulling it first",
        chat.errorMessage("{\"error\":\"model \\\"nope\\\" not found, try pulling it first\"}"));
    assertEquals("(empty body)", chat.errorMessage(""));
    assertEquals("404 page not found", chat.errorMessage("404 page not found"));
  }
}
