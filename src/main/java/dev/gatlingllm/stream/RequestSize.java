package dev.gatlingllm.stream;

import dev.gatlingllm.metrics.request.PromptAudioClips;
import dev.gatlingllm.metrics.request.PromptImages;

/**
 * What the client knows of a request's size before it is sent, for the figures of its result.
 *
 * @param clientInputTokens the client's count of the prompt, or -1 without a tokenizer
 * @param maxTokens the output limit the request asks for, or -1 for none
 * @param images the images its prompt carries
 * @param inputs the texts of an embeddings batch or the documents of a rerank, 0 for a generation
 * @param audio the audio clips its prompt carries
 */
public record RequestSize(
    long clientInputTokens,
    long maxTokens,
    PromptImages images,
    int inputs,
    PromptAudioClips audio) {
  /** A request whose prompt was not counted and which asks for no limit. */
  public static final RequestSize UNKNOWN = new RequestSize(-1, -1);

  /** A generation request whose prompt is text only. */
  public RequestSize(long clientInputTokens, long maxTokens) {
    this(clientInputTokens, maxTokens, PromptImages.NONE, 0, PromptAudioClips.NONE);
  }

  /** A generation request whose prompt carries images. */
  public RequestSize(long clientInputTokens, long maxTokens, PromptImages images) {
    this(clientInputTokens, maxTokens, images, 0, PromptAudioClips.NONE);
  }

  /** A generation request whose prompt carries images and audio clips. */
  public RequestSize(
      long clientInputTokens, long maxTokens, PromptImages images, PromptAudioClips audio) {
    this(clientInputTokens, maxTokens, images, 0, audio);
  }

  /** An embeddings or rerank request of {@code inputs} texts. */
  public RequestSize(long clientInputTokens, long maxTokens, int inputs) {
    this(clientInputTokens, maxTokens, PromptImages.NONE, inputs, PromptAudioClips.NONE);
  }
}
