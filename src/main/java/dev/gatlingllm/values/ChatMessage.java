package dev.gatlingllm.values;

import java.util.List;
import java.util.Objects;

/**
 * One chat message with its role ({@code system}, {@code user}, {@code assistant}, {@code tool}),
 * its text, the images and audio clips it carries (none for a text message) and, in an agent's
 * history, the tool calls an assistant made or the call a tool result answers. Each dialect writes
 * the images and the tool parts in its API's form (OpenAI's {@code image_url} parts, {@code
 * tool_calls} and role {@code tool} with {@code tool_call_id}; Anthropic's {@code image}, {@code
 * tool_use} and {@code tool_result} blocks; Ollama's {@code images}, {@code tool_calls} and role
 * {@code tool}). Audio goes only where the API takes it (OpenAI's chat {@code input_audio} parts);
 * other dialects refuse it rather than drop it.
 *
 * @param role the role
 * @param content the text (empty for an assistant message made only of tool calls)
 * @param images the images, none for a text message
 * @param toolCalls the tool calls of an assistant message, none otherwise
 * @param toolCallId the id of the call a {@code tool} message answers, null otherwise
 * @param audio the audio clips, none for a message without audio
 */
public record ChatMessage(
    String role,
    String content,
    List<PromptImage> images,
    List<ToolUse> toolCalls,
    String toolCallId,
    List<PromptAudio> audio) {
  /** The role of a tool's result. */
  public static final String TOOL = "tool";

  public ChatMessage {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(content, "content");
    images = images == null ? List.of() : List.copyOf(images);
    toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    audio = audio == null ? List.of() : List.copyOf(audio);
  }

  /** A message without audio, with images, tool calls or the call it answers. */
  public ChatMessage(
      String role,
      String content,
      List<PromptImage> images,
      List<ToolUse> toolCalls,
      String toolCallId) {
    this(role, content, images, toolCalls, toolCallId, List.of());
  }

  /** A message with images (none: a text message). */
  public ChatMessage(String role, String content, List<PromptImage> images) {
    this(role, content, images, List.of(), null);
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

  /** A user message with audio clips (and images, none for audio only): the question and them. */
  public static ChatMessage user(
      String content, List<PromptImage> images, List<PromptAudio> audio) {
    return new ChatMessage("user", content, images, List.of(), null, audio);
  }

  public static ChatMessage assistant(String content) {
    return new ChatMessage("assistant", content);
  }

  /** An assistant message made of tool calls, as a model's tool-call answer is sent back. */
  public static ChatMessage assistantToolCalls(List<ToolUse> calls) {
    if (calls == null || calls.isEmpty()) {
      throw new IllegalArgumentException("an assistant tool-call message needs at least one call");
    }
    return new ChatMessage("assistant", "", List.of(), calls, null);
  }

  /** A tool's result, answering the call whose id is {@code toolCallId}. */
  public static ChatMessage toolResult(String toolCallId, String content) {
    return new ChatMessage(
        TOOL, content, List.of(), List.of(), Objects.requireNonNull(toolCallId, "toolCallId"));
  }

  /** True for an assistant message that carries tool calls. */
  public boolean hasToolCalls() {
    return !toolCalls.isEmpty();
  }

  /** True for a tool's result (role {@code tool} answering a call). */
  public boolean isToolResult() {
    return toolCallId != null;
  }

  /** True when the message carries images. */
  public boolean hasImages() {
    return !images.isEmpty();
  }

  /** True when the message carries audio clips. */
  public boolean hasAudio() {
    return !audio.isEmpty();
  }
}
