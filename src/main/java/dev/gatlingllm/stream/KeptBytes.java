package dev.gatlingllm.stream;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The start of a body, copied up to a bound: for an error body's message, never for a stream's
 * content.
 */
final class KeptBytes {
  private final int maxBytes;
  private final ByteArrayOutputStream kept;

  KeptBytes(int maxBytes, int expectedBytes) {
    this.maxBytes = maxBytes;
    this.kept = new ByteArrayOutputStream(Math.max(0, Math.min(expectedBytes, maxBytes)));
  }

  /** Appends what fits of {@code chunk} below the bound, without moving its position. */
  void append(ByteBuffer chunk) {
    int n = Math.min(maxBytes - kept.size(), chunk.remaining());
    if (n <= 0) {
      return;
    }
    byte[] bytes = new byte[n];
    chunk.get(chunk.position(), bytes, 0, n);
    kept.write(bytes, 0, n);
  }

  String text() {
    return kept.toString(StandardCharsets.UTF_8);
  }
}
