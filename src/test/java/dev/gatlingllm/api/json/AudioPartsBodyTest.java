package dev.gatlingllm.api.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.dsl.prompts.SyntheticAudio;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** OpenAI's chat dialect writes a message's audio clips as input_audio parts after its text. */
class AudioPartsBodyTest {
  @Test
  void aClipIsAnInputAudioPartWithItsBase64AndFormat() throws Exception {
    PromptAudio clip = SyntheticAudio.wav(Duration.ofMillis(250), 3);
    GenerationRequest request =
        new GenerationRequest(
            "m",
            List.of(ChatMessage.user("Transcribe.", List.of(), List.of(clip))),
            null,
            3,
            null,
            null,
            true,
            Map.of());
    JsonNode content =
        new ObjectMapper()
            .readTree(new OpenAiChatDialect().requestBody(request))
            .path("messages")
            .path(0)
            .path("content");
    assertEquals(2, content.size());
    assertEquals("text", content.path(0).path("type").asText());
    assertEquals("Transcribe.", content.path(0).path("text").asText());
    JsonNode part = content.path(1);
    assertEquals("input_audio", part.path("type").asText());
    assertEquals("wav", part.path("input_audio").path("format").asText());
    byte[] sent = Base64.getDecoder().decode(part.path("input_audio").path("data").asText());
    // 250 ms at 16 kHz, 16-bit mono: 4,000 samples of 2 bytes after the 44-byte header.
    assertEquals(44 + 8_000, sent.length);
    assertEquals(clip.bytes(), sent.length);
    assertEquals("RIFF", new String(sent, 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
  }
}
