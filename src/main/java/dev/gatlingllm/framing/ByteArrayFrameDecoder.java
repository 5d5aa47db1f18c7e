package dev.gatlingllm.framing;

import java.nio.ByteBuffer;

/**
 * A decoder that reads byte arrays: a heap buffer is read in place, a direct (off-heap) one through a scratch
 * array reused for the whole stream, so that no chunk costs an allocation.
 */
public abstract class ByteArrayFrameDecoder implements FrameDecoder {
  private static final int SCRATCH_BYTES = 8192;

  /** Allocated on first use: most transports hand over heap buffers. */
  private byte[] scratch;

  /**
   * Feeds bytes {@code [offset, offset + length)} of {@code bytes}, dispatching every frame they complete.
   *
   * @throws FrameFormatException when the bytes break the framing's bounds, and on every call after that
   */
  public abstract void feed(byte[] bytes, int offset, int length);

  @Override
  public final void feed(ByteBuffer buffer) {
    if (buffer.hasArray()) {
      feed(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
      return;
    }
    if (scratch == null) {
      scratch = new byte[SCRATCH_BYTES];
    }
    byte[] copy = scratch;
    int pos = buffer.position();
    int limit = buffer.limit();
    while (pos < limit) {
      int n = Math.min(copy.length, limit - pos);
      buffer.get(pos, copy, 0, n);
      feed(copy, 0, n);
      pos += n;
    }
  }
}
