package dev.gatlingllm.framing;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A decoder that reads byte arrays: a heap buffer is read in place, a direct (off-heap) one through
 * a scratch array reused for the whole stream, so that no chunk costs an allocation.
 *
 * <p>A format error fails the decoder for good: every later {@link #feed} throws, naming the first
 * error, since carrying on from the middle of a frame would dispatch its tail as if it were a
 * frame.
 */
public abstract class ByteArrayFrameDecoder implements FrameDecoder {
  private static final int SCRATCH_BYTES = 8192;

  /** Allocated on first use: most transports hand over heap buffers. */
  private byte[] scratch;

  /** The format error that ended decoding, or null while the stream is well formed. */
  private FrameFormatException failure;

  /**
   * Feeds bytes {@code [offset, offset + length)} of {@code bytes}, dispatching every frame they
   * complete.
   *
   * @throws FrameFormatException when the bytes break the framing's bounds, and on every call after
   *     that
   */
  public final void feed(byte[] bytes, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    if (failure != null) {
      throw formatError("decoder stopped after an earlier error: " + failure.getMessage());
    }
    decode(bytes, offset, length);
  }

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

  /**
   * Decodes bytes {@code [offset, offset + length)} of {@code bytes}, within the array's bounds, of
   * a decoder that has not failed.
   */
  protected abstract void decode(byte[] bytes, int offset, int length);

  /**
   * The framing's own exception for this message, so that callers can tell the framings' errors
   * apart: a method rather than a field, so that a decoder, one per stream, carries nothing more
   * for it.
   */
  protected abstract FrameFormatException formatError(String message);

  /**
   * Fails the decoder for good with this error; returns it for the caller to throw. The caller
   * drops what it held of the current frame.
   */
  protected final FrameFormatException fail(String message) {
    failure = formatError(message);
    return failure;
  }

  /** True once a format error ended decoding. */
  protected final boolean failed() {
    return failure != null;
  }
}
