package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.ollama.OllamaGenerateDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiCompletionsDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import dev.gatlingllm.dsl.prompts.SyntheticAudio;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptAudio;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator counts an audio clip's prompt tokens from its duration, one per 40 ms (25 a
 * second), and reports them in usage.prompt_tokens and usage.prompt_tokens_details.audio_tokens;
 * the dialects without an audio part refuse the request rather than drop the clip.
 */
@Timeout(30)
class SimulatorAudioTokensTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TEXT = "What is said in this recording?";
  private static LlmSimulator simulator;

  @BeforeAll
  static void start() {
    simulator = InstantPrefill.builder().build().start();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @Test
  void theRuleByHand() {
    assertEquals(25, AudioTokens.ofMillis(1000));
    assertEquals(1, AudioTokens.ofMillis(1));
    assertEquals(2, AudioTokens.ofMillis(41));
    // 30 s, Whisper's window: 750 tokens
    assertEquals(750, AudioTokens.ofMillis(30_000));
  }

  @Test
  void aWavsDurationIsReadFromItsHeader() {
    PromptAudio clip = SyntheticAudio.wav(Duration.ofSeconds(2), 1);
    // 44-byte header + 2 s x 16,000 samples x 2 bytes
    assertEquals(44 + 64_000, clip.bytes());
    assertEquals(2000, AudioTokens.wavMillis(clip.base64()));
    assertEquals(
        500, AudioTokens.wavMillis(SyntheticAudio.wav(Duration.ofMillis(500), 8_000, 2).base64()));
  }

  @Test
  void anMp3sDurationIsItsSizeAt128Kbps() {
    // 16,000 bytes = 128,000 bits = 1 s at 128 kbit/s = 25 tokens
    PromptAudio mp3 = PromptAudio.of(PromptAudio.MP3, new byte[16_000], 1000);
    assertEquals(
        25,
        AudioTokens.ofPart(JSON.createObjectNode().put("data", mp3.base64()).put("format", "mp3")));
  }

  @Test
  void aTwoSecondWavCounts50AudioTokensInTheUsage() throws Exception {
    JsonNode usage = usage(List.of(SyntheticAudio.wav(Duration.ofSeconds(2), 7)));
    assertEquals(50 + SimpleTokenizer.count(TEXT), usage.get("prompt_tokens").asInt());
    assertEquals(50, usage.path("prompt_tokens_details").path("audio_tokens").asInt());
  }

  @Test
  void twoClipsOfOneSecondCount50() throws Exception {
    JsonNode usage = usage(SyntheticAudio.generate(2, Duration.ofSeconds(1), 9));
    assertEquals(50 + SimpleTokenizer.count(TEXT), usage.get("prompt_tokens").asInt());
    assertEquals(50, usage.path("prompt_tokens_details").path("audio_tokens").asInt());
  }

  @Test
  void aTextPromptReportsNoAudioTokens() throws Exception {
    JsonNode usage = usage(List.of());
    assertEquals(SimpleTokenizer.count(TEXT), usage.get("prompt_tokens").asInt());
    assertTrue(usage.path("prompt_tokens_details").path("audio_tokens").isMissingNode());
  }

  @Test
  void aClipThatIsNoWavOrOfAnotherFormatIsA400() throws Exception {
    for (String part :
        List.of(
            "{\"data\":\"AAAA\",\"format\":\"ogg\"}",
            "{\"data\":\"AAAAAAAAAAAAAAAA\",\"format\":\"wav\"}",
            "{\"data\":\"not base64!\",\"format\":\"wav\"}")) {
      String body =
          "{\"model\":\"m\",\"max_tokens\":2,\"messages\":[{\"role\":\"user\",\"content\":"
              + "[{\"type\":\"input_audio\",\"input_audio\":"
              + part
              + "}]}]}";
      SseClient.Result result = SseClient.post(simulator.baseUri(), "/v1/chat/completions", body);
      assertEquals(400, result.response().statusCode(), part);
    }
  }

  @Test
  void onlyTheOpenAiChatDialectsTakeAudio() {
    assertEquals(null, new OpenAiChatDialect().noAudio());
    assertEquals(
        "audio in the prompt needs the OpenAI chat API (input_audio parts): the anthropic dialect"
            + " cannot carry it",
        new AnthropicDialect().noAudio());
  }

  @Test
  void theDialectsWithoutAnAudioPartRefuseIt() {
    GenerationRequest request = request(List.of(SyntheticAudio.wav(Duration.ofMillis(100), 1)));
    for (LlmDialect dialect :
        List.of(
            new OpenAiResponsesDialect(),
            new AnthropicDialect(),
            new OllamaChatDialect(),
            new OllamaGenerateDialect(),
            new OpenAiCompletionsDialect())) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> dialect.requestBody(request));
      assertTrue(
          refused.getMessage().startsWith("audio in the prompt needs the OpenAI chat API"),
          dialect.id() + ": " + refused.getMessage());
    }
  }

  private static GenerationRequest request(List<PromptAudio> audio) {
    return new GenerationRequest(
        "m",
        List.of(ChatMessage.user(TEXT, List.of(), audio)),
        null,
        3,
        null,
        null,
        true,
        Map.of());
  }

  /** The usage object of an OpenAI chat stream carrying {@code audio}. */
  private static JsonNode usage(List<PromptAudio> audio) throws Exception {
    LlmDialect dialect = new OpenAiChatDialect();
    SseClient.Result result =
        SseClient.post(
            simulator.baseUri(), dialect.defaultEndpoint(), dialect.requestBody(request(audio)));
    assertEquals(200, result.response().statusCode());
    for (SseClient.Line line : result.lines()) {
      String text = line.text().startsWith("data:") ? line.text().substring(5).trim() : line.text();
      if (text.startsWith("{")) {
        JsonNode node = JSON.readTree(text);
        if (node.hasNonNull("usage")) {
          return node.get("usage");
        }
      }
    }
    throw new AssertionError("no usage in the stream");
  }
}
