package dev.gatlingllm.sse;

import dev.gatlingllm.framing.FrameFormatException;

/** The byte stream cannot be an SSE stream within the decoder's bounds (e.g. an endless line). */
public final class SseFormatException extends FrameFormatException {
  public SseFormatException(String message) {
    super(message);
  }
}
