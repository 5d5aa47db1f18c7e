package dev.gatlingllm.values;

import java.util.List;
import java.util.Objects;

/**
 * One chat message with its role ({@code system}, {@code user}, {@code assistant}), its text and
 * the images it carries (none for a text message). Each dialect writes the images in its API's form
 * (OpenAI's {@code image_url} parts, Anthropic's {@code image} blocks, Ollama's {@code images}).
 */
public record ChatMessage(String role, String content, List<PromptImage> images) {
  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    images = images == null ? List.of() : List.copyOf(images);
  }

  /** A text message. */
  public ChatMessage(String role, String content) {
    this(role, content, List.of());
  }

  public static ChatMessage system(String content) {
    return new ChatMessage("system", content);
  }

  public static ChatMessage user(String content) {
    return new ChatMessage("user", content);
  }

  /** A user message with images: the question about them and the images. */
  public static ChatMessage user(String content, List<PromptImage> images) {
    return new ChatMessage("user", content, images);
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage("assistant", content);
  }

  /** True when the message carries images. */
  public boolean hasImages() {
    return !images.isEmpty();
  }
}
