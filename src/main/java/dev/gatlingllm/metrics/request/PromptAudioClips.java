package dev.gatlingllm.metrics.request;

/**
 * The audio clips a request's prompt carried, as the client sent them.
 *
 * @param count the clips in all its messages
 * @param bytes their encoded sizes (WAV, MP3) in all, before base64
 * @param millis their durations in all, in milliseconds: what an audio encoder's work grows with
 */
public record PromptAudioClips(int count, long bytes, long millis) {
  /** A prompt without audio. */
  public static final PromptAudioClips NONE = new PromptAudioClips(0, 0, 0);
}
