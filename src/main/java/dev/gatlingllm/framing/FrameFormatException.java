package dev.gatlingllm.framing;

/** The byte stream cannot be decoded within the framing's bounds (e.g. an endless line). */
public class FrameFormatException extends RuntimeException {
  public FrameFormatException(String message) {
    super(message);
  }
}
