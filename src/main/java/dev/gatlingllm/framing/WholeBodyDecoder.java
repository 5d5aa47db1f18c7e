package dev.gatlingllm.framing;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The framing of an answer that is not streamed: the whole body is one frame, dispatched at its end
 * ({@link #finish()}). Bounded: a body past {@code maxBytes} fails the decoder rather than growing
 * without end.
 */
public final class WholeBodyDecoder extends ByteArrayFrameDecoder implements Frame {
  private final FrameListener listener;
  private final int maxBytes;
  private byte[] body = new byte[1024];
  private int length;
  private boolean dispatched;

  public WholeBodyDecoder(FrameListener listener, int maxBytes) {
    this.listener = listener;
    this.maxBytes = maxBytes;
  }

  @Override
  protected void decode(byte[] bytes, int offset, int count) {
    if ((long) length + count > maxBytes) {
      body = null;
      throw fail("answer larger than " + maxBytes + " bytes (16 x maxOutputBytes)");
    }
    if (length + count > body.length) {
      body = Arrays.copyOf(body, Math.min(maxBytes, Math.max(length + count, body.length * 2)));
    }
    System.arraycopy(bytes, offset, body, length, count);
    length += count;
  }

  @Override
  protected FrameFormatException formatError(String message) {
    return new FrameFormatException(message);
  }

  /** Dispatches the body as one frame, unless it was empty; never truncated. */
  @Override
  public boolean finish() {
    if (!failed() && !dispatched && length > 0 && !blank()) {
      dispatched = true;
      listener.onFrame(this);
    }
    return false;
  }

  private boolean blank() {
    for (int i = 0; i < length; i++) {
      if (body[i] != ' ' && body[i] != '\n' && body[i] != '\r' && body[i] != '\t') {
        return false;
      }
    }
    return true;
  }

  @Override
  public String eventName() {
    return null;
  }

  @Override
  public byte[] dataBytes() {
    return body;
  }

  @Override
  public int dataOffset() {
    return 0;
  }

  @Override
  public int dataLength() {
    return length;
  }

  @Override
  public String toString() {
    return new String(body, 0, Math.min(length, 200), StandardCharsets.UTF_8);
  }
}
