package dev.gatlingllm.dsl.prompts;

import dev.gatlingllm.values.ChatMessage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of a prompt feeder's record, shared by every feeder so that one request definition
 * serves random, dataset and trace prompts alike: {@code messages} (a {@code List<ChatMessage>}),
 * {@code prompt} (the last user message's text), and {@code inputTokens} or {@code maxTokens} when
 * known; {@code images} for prompts with images, {@code audio} for prompts with audio clips.
 */
public final class PromptRecords {
  public static final String MESSAGES = "messages";
  public static final String PROMPT = "prompt";
  public static final String INPUT_TOKENS = "inputTokens";
  public static final String MAX_TOKENS = "maxTokens";

  /** The images of a prompt, a {@code List<PromptImage>} ({@link SyntheticImages}). */
  public static final String IMAGES = "images";

  /** The audio clips of a prompt, a {@code List<PromptAudio>} ({@link SyntheticAudio}). */
  public static final String AUDIO = "audio";

  private PromptRecords() {}

  /**
   * The record of one generated prompt: immutable, so one instance serves whichever user takes it.
   */
  static Map<String, Object> of(RandomPrompts.Prompt prompt) {
    Map<String, Object> record = new HashMap<>(4);
    record.put(MESSAGES, List.of(ChatMessage.user(prompt.text())));
    record.put(PROMPT, prompt.text());
    record.put(INPUT_TOKENS, prompt.tokens());
    if (prompt.maxTokens() > 0) {
      record.put(MAX_TOKENS, prompt.maxTokens());
    }
    return Map.copyOf(record);
  }
}
