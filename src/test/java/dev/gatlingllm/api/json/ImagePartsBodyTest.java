package dev.gatlingllm.api.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.ollama.OllamaGenerateDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiCompletionsDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import dev.gatlingllm.dsl.prompts.ImageFormat;
import dev.gatlingllm.dsl.prompts.SyntheticImages;
import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.PromptImage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Each chat dialect writes a message's images in its API's form, and the base64 it sends decodes to
 * an image of the size asked for.
 */
class ImagePartsBodyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<PromptImage> TWO_PNGS =
      SyntheticImages.generate(2, 40, 30, ImageFormat.PNG, 7);

  private static GenerationRequest request(List<PromptImage> images) {
    return new GenerationRequest(
        "m",
        List.of(ChatMessage.system("be brief"), ChatMessage.user("what is this?", images)),
        null,
        16,
        null,
        null,
        true,
        Map.of());
  }

  private static JsonNode body(dev.gatlingllm.api.LlmDialect dialect, List<PromptImage> images)
      throws IOException {
    return JSON.readTree(dialect.requestBody(request(images)));
  }

  private static JsonNode urlImageBody(dev.gatlingllm.api.LlmDialect dialect) throws IOException {
    return body(dialect, List.of(PromptImage.url("https://example.com/a.png")));
  }

  /** The image the base64 text holds, decoded. */
  private static BufferedImage decoded(String base64) throws IOException {
    return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(base64)));
  }

  private static void assertSize(String base64, int width, int height) throws IOException {
    BufferedImage image = decoded(base64);
    assertEquals(width, image.getWidth());
    assertEquals(height, image.getHeight());
  }

  @Test
  void openAiChatWritesTextThenImageUrlPartsWithDataUrls() throws IOException {
    JsonNode user = body(new OpenAiChatDialect(), TWO_PNGS).get("messages").get(1);
    assertEquals("user", user.get("role").asText());
    JsonNode content = user.get("content");
    assertEquals(3, content.size());
    assertEquals("text", content.get(0).get("type").asText());
    assertEquals("what is this?", content.get(0).get("text").asText());
    for (int i = 1; i <= 2; i++) {
      assertEquals("image_url", content.get(i).get("type").asText());
      String url = content.get(i).get("image_url").get("url").asText();
      assertTrue(url.startsWith("data:image/png;base64,"), url.substring(0, 30));
      assertSize(url.substring("data:image/png;base64,".length()), 40, 30);
    }
    // The system message without images keeps its plain string content.
    assertEquals(
        "be brief",
        body(new OpenAiChatDialect(), TWO_PNGS).get("messages").get(0).get("content").asText());
  }

  @Test
  void openAiChatWritesAnHttpUrlAsItIs() throws IOException {
    JsonNode content = urlImageBody(new OpenAiChatDialect()).get("messages").get(1).get("content");
    assertEquals("https://example.com/a.png", content.get(1).get("image_url").get("url").asText());
  }

  @Test
  void responsesWritesInputTextAndInputImage() throws IOException {
    JsonNode content =
        body(new OpenAiResponsesDialect(), TWO_PNGS).get("input").get(1).get("content");
    assertEquals("input_text", content.get(0).get("type").asText());
    assertEquals("input_image", content.get(1).get("type").asText());
    assertTrue(content.get(1).get("image_url").asText().startsWith("data:image/png;base64,"));
  }

  @Test
  void anthropicWritesBase64ImageBlocksBeforeTheText() throws IOException {
    List<PromptImage> jpeg = SyntheticImages.generate(1, 64, 48, ImageFormat.JPEG, 3);
    JsonNode body = body(new AnthropicDialect(), jpeg);
    assertEquals("be brief", body.get("system").asText());
    JsonNode content = body.get("messages").get(0).get("content");
    assertEquals(2, content.size());
    JsonNode image = content.get(0);
    assertEquals("image", image.get("type").asText());
    assertEquals("base64", image.get("source").get("type").asText());
    assertEquals("image/jpeg", image.get("source").get("media_type").asText());
    String data = image.get("source").get("data").asText();
    assertFalse(data.startsWith("data:"));
    assertSize(data, 64, 48);
    assertEquals("text", content.get(1).get("type").asText());
    assertEquals("what is this?", content.get(1).get("text").asText());
  }

  @Test
  void anthropicWritesAUrlSource() throws IOException {
    JsonNode source =
        urlImageBody(new AnthropicDialect()).get("messages").get(0).get("content").get(0);
    source = source.get("source");
    assertEquals("url", source.get("type").asText());
    assertEquals("https://example.com/a.png", source.get("url").asText());
  }

  @Test
  void ollamaWritesImagesBesideTheText() throws IOException {
    JsonNode user = body(new OllamaChatDialect(), TWO_PNGS).get("messages").get(1);
    assertEquals("what is this?", user.get("content").asText());
    assertEquals(2, user.get("images").size());
    assertSize(user.get("images").get(0).asText(), 40, 30);
    assertEquals(
        TWO_PNGS.get(1).bytes(),
        Base64.getDecoder().decode(user.get("images").get(1).asText()).length);
  }

  @Test
  void ollamaRefusesAUrlImage() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new OllamaChatDialect()
                .requestBody(request(List.of(PromptImage.url("http://x/a.png")))));
  }

  @Test
  void completionEndpointsRefuseImagesRatherThanDropThem() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new OpenAiCompletionsDialect().requestBody(request(TWO_PNGS)));
    assertThrows(
        IllegalArgumentException.class,
        () -> new OllamaGenerateDialect().requestBody(request(TWO_PNGS)));
  }

  @Test
  void theSameSeedGivesTheSameImagesAndTheBytesAreCounted() {
    List<PromptImage> again = SyntheticImages.generate(2, 40, 30, ImageFormat.PNG, 7);
    assertEquals(TWO_PNGS, again);
    assertEquals(TWO_PNGS.get(0).decode().length, TWO_PNGS.get(0).bytes());
  }
}
