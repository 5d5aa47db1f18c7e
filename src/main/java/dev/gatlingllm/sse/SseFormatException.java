package dev.gatlingllm.sse;

/** The byte stream cannot be an SSE stream within the decoder's bounds (e.g. an endless line). */
public final class SseFormatException extends RuntimeException {
  public SseFormatException(String message) {
    super(message);
  }
}
