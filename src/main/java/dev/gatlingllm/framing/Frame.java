package dev.gatlingllm.framing;

import java.nio.charset.StandardCharsets;

/**
 * One unit of a response stream as a dialect's interpreter sees it, whatever the framing: an SSE
 * event or one line of newline-delimited JSON. Decoders reuse their frame: it is only valid during
 * the {@link FrameListener#onFrame} call that hands it over. The data stays raw UTF-8, so that a
 * JSON parser reads it in place; it is {@code dataBytes()[dataOffset(), dataOffset() +
 * dataLength())}.
 */
public interface Frame {
  /**
   * The event's name: an SSE event's type ({@code message} when it named none, as EventSource
   * says), or null for a framing without names (NDJSON).
   */
  String eventName();

  /**
   * The array holding the data; only {@link #dataLength()} bytes from {@link #dataOffset()} are the
   * data.
   */
  byte[] dataBytes();

  int dataOffset();

  int dataLength();

  /**
   * The data decoded as UTF-8 (allocates: for tests, logs and error messages, not the hot path).
   */
  default String dataAsString() {
    return new String(dataBytes(), dataOffset(), dataLength(), StandardCharsets.UTF_8);
  }

  /** True when the data is exactly the given ASCII text, compared without allocating. */
  default boolean dataEquals(byte[] ascii) {
    if (ascii.length != dataLength()) {
      return false;
    }
    byte[] data = dataBytes();
    int offset = dataOffset();
    for (int i = 0; i < ascii.length; i++) {
      if (data[offset + i] != ascii[i]) {
        return false;
      }
    }
    return true;
  }
}
