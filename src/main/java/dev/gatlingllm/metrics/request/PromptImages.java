package dev.gatlingllm.metrics.request;

/**
 * The images a request's prompt carried, as the client sent them.
 *
 * @param count the images in all its messages
 * @param bytes their encoded sizes (PNG, JPEG...) in all, before base64; an image sent by URL adds
 *     none, its size unknown to the client
 */
public record PromptImages(int count, long bytes) {
  /** A prompt of text only. */
  public static final PromptImages NONE = new PromptImages(0, 0);
}
