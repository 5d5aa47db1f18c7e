package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import dev.gatlingllm.dsl.prompts.ImageFormat;
import dev.gatlingllm.dsl.prompts.SyntheticImages;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptImage;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator counts an image's prompt tokens from its size, one per 14 x 14 patch, whatever API
 * form carries it, and reports them in the usage.
 */
@Timeout(30)
class SimulatorImageTokensTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TEXT = "What is in these two pictures?";
  private static LlmSimulator simulator;

  @BeforeAll
  static void start() {
    simulator =
        InstantPrefill.builder().groundTruth(true).groundTruthMaxRecords(100).build().start();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @Test
  void theRuleByHand() {
    assertEquals(24 * 24, ImageTokens.of(336, 336));
    // ceil(100 / 14) = 8, ceil(50 / 14) = 4
    assertEquals(32, ImageTokens.of(100, 50));
    assertEquals(1, ImageTokens.of(14, 14));
    assertEquals(4, ImageTokens.of(15, 15));
  }

  @Test
  void aJpegsSizeIsReadFromItsHeader() {
    PromptImage jpeg = SyntheticImages.generate(1, 100, 50, ImageFormat.JPEG, 1).get(0);
    assertEquals(32, ImageTokens.ofUrl(jpeg.dataUrl()));
  }

  @Test
  void twoImagesOf336CountAsTwice576TokensInEveryApisUsage() throws Exception {
    List<PromptImage> images = SyntheticImages.generate(2, 336, 336, ImageFormat.PNG, 11);
    int expected = 2 * 24 * 24 + SimpleTokenizer.count(TEXT);
    assertEquals(1152 + SimpleTokenizer.count(TEXT), expected);
    int recorded = simulator.groundTruth().size();
    for (LlmDialect dialect :
        List.of(
            new OpenAiChatDialect(),
            new OpenAiResponsesDialect(),
            new AnthropicDialect(),
            new OllamaChatDialect())) {
      assertEquals(expected, promptTokens(dialect, images), dialect.id());
      // The engine schedules the same count: the prefill and the KV cache take the images' share.
      // The server records a request once its last write is done, which may come just after the
      // client read the answer: wait for it (at most 2 s).
      List<GroundTruthRecord> truth = simulator.groundTruth();
      long deadline = System.nanoTime() + 2_000_000_000L;
      while (truth.size() < recorded + 1 && System.nanoTime() < deadline) {
        Thread.sleep(10);
        truth = simulator.groundTruth();
      }
      recorded = truth.size();
      assertEquals(expected, truth.get(truth.size() - 1).promptTokens(), dialect.id());
    }
  }

  @Test
  void anImageByUrlCountsAsA336Image() throws Exception {
    assertEquals(
        576 + SimpleTokenizer.count(TEXT),
        promptTokens(
            new OpenAiChatDialect(), List.of(PromptImage.url("https://example.com/a.png"))));
  }

  /** The prompt tokens the usage reports, in whichever field the API names them. */
  private static int promptTokens(LlmDialect dialect, List<PromptImage> images) throws Exception {
    GenerationRequest request =
        new GenerationRequest(
            "m", List.of(ChatMessage.user(TEXT, images)), null, 3, null, null, true, Map.of());
    SseClient.Result result =
        SseClient.post(
            simulator.baseUri(), dialect.defaultEndpoint(), dialect.requestBody(request));
    assertEquals(200, result.response().statusCode(), dialect.id());
    int found = -1;
    for (SseClient.Line line : result.lines()) {
      String text = line.text().startsWith("data:") ? line.text().substring(5).trim() : line.text();
      if (text.startsWith("{")) {
        found = Math.max(found, usage(JSON.readTree(text)));
      }
    }
    return found;
  }

  private static int usage(JsonNode node) {
    int found = -1;
    for (String field : List.of("prompt_tokens", "input_tokens", "prompt_eval_count")) {
      if (node.has(field)) {
        found = Math.max(found, node.get(field).asInt());
      }
    }
    for (Iterator<JsonNode> children = node.elements(); children.hasNext(); ) {
      found = Math.max(found, usage(children.next()));
    }
    return found;
  }
}
