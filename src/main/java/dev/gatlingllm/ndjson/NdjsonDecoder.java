package dev.gatlingllm.ndjson;

import dev.gatlingllm.bytes.SwarBytes;
import dev.gatlingllm.framing.ByteArrayFrameDecoder;
import dev.gatlingllm.framing.Frame;
import dev.gatlingllm.framing.FrameFormatException;
import dev.gatlingllm.framing.FrameListener;
import java.util.Arrays;
import java.util.Objects;

/**
 * Incremental, byte-level decoder of newline-delimited JSON (NDJSON, JSON Lines): each line is one
 * frame, its bytes left undecoded for the JSON reader.
 *
 * <p>Bytes arrive in chunks of any size, split anywhere. A line that lies whole inside a chunk is
 * handed over in place, without a copy; only a line split across chunks is gathered in a buffer,
 * bounded by {@code maxLineBytes}, which shrinks back after an unusually long line. Lines end with
 * LF; a CR before it (CRLF) is not part of the line. Blank lines (whitespace only) are skipped:
 * some servers send them to keep a connection alive. A last line without a newline is dispatched by
 * {@link #finish}. After a format error (a line over the bound) the decoder is failed for good. Not
 * thread-safe: one decoder per stream, fed from one thread.
 */
public final class NdjsonDecoder extends ByteArrayFrameDecoder {
  private static final byte LF = '\n';
  private static final byte CR = '\r';
  private static final long LF_WORD = SwarBytes.repeat('\n');

  /** Default bound of one line: far above any real LLM chunk. */
  public static final int DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

  /** Room for an ordinary split line (a few hundred bytes of JSON) without growing. */
  static final int INITIAL_BUFFER_BYTES = 512;

  /** A buffer grown beyond this is given back once its line is dispatched. */
  static final int RETAINED_BUFFER_BYTES = 16 * 1024;

  private final FrameListener listener;
  private final int maxLineBytes;
  private final Line frame = new Line();

  /** The start of a line split across chunks. */
  private byte[] line = new byte[INITIAL_BUFFER_BYTES];

  private int lineLength;

  public NdjsonDecoder(FrameListener listener) {
    this(listener, DEFAULT_MAX_LINE_BYTES);
  }

  public NdjsonDecoder(FrameListener listener, int maxLineBytes) {
    if (maxLineBytes < 16) {
      throw new IllegalArgumentException("maxLineBytes must be at least 16, was " + maxLineBytes);
    }
    this.listener = Objects.requireNonNull(listener, "listener");
    this.maxLineBytes = maxLineBytes;
  }

  @Override
  protected FrameFormatException formatError(String message) {
    return new FrameFormatException(message);
  }

  /** Dispatches every line the bytes complete; a line over the bound fails the decoder. */
  @Override
  protected void decode(byte[] bytes, int offset, int length) {
    int end = offset + length;
    int i = offset;
    while (i < end) {
      int lf = indexOfLf(bytes, i, end);
      if (lf == end) {
        appendToLine(bytes, i, end - i);
        return;
      }
      if (lineLength == 0) {
        dispatch(bytes, i, lf - i);
      } else {
        appendToLine(bytes, i, lf - i);
        dispatchBufferedLine();
      }
      i = lf + 1;
    }
  }

  /** Dispatches a last line that had no newline; returns true only when the decoder had failed. */
  @Override
  public boolean finish() {
    if (failed()) {
      return true;
    }
    if (lineLength > 0) {
      dispatchBufferedLine();
    }
    return false;
  }

  /** The bytes the line buffer holds allocated now (tests check it shrinks). */
  int bufferBytes() {
    return line.length;
  }

  private void dispatchBufferedLine() {
    int length = lineLength;
    lineLength = 0;
    try {
      dispatch(line, 0, length);
    } finally {
      if (line.length > RETAINED_BUFFER_BYTES) {
        line = new byte[INITIAL_BUFFER_BYTES];
      }
    }
  }

  private void dispatch(byte[] bytes, int offset, int length) {
    if (length > maxLineBytes) {
      throw tooLong();
    }
    int end = offset + length;
    if (end > offset && bytes[end - 1] == CR) {
      end--;
    }
    if (isBlank(bytes, offset, end)) {
      return;
    }
    frame.data = bytes;
    frame.offset = offset;
    frame.length = end - offset;
    try {
      listener.onFrame(frame);
    } finally {
      // The line's bytes are only valid during the callback: keep no reference to the caller's
      // array.
      frame.data = Line.NO_DATA;
      frame.offset = 0;
      frame.length = 0;
    }
  }

  private void appendToLine(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return;
    }
    int needed = lineLength + length;
    if (needed > maxLineBytes) {
      throw tooLong();
    }
    if (needed > line.length) {
      line = Arrays.copyOf(line, Math.min(maxLineBytes, Math.max(needed, line.length * 2)));
    }
    System.arraycopy(bytes, offset, line, lineLength, length);
    lineLength = needed;
  }

  /** Enters the failed state: the current line is dropped, and nothing more is decoded. */
  private FrameFormatException tooLong() {
    lineLength = 0;
    line = new byte[INITIAL_BUFFER_BYTES];
    return fail("NDJSON line longer than " + maxLineBytes + " bytes");
  }

  /**
   * The index of the first LF in {@code bytes[from, end)}, or {@code end}: eight bytes at a time.
   */
  private static int indexOfLf(byte[] bytes, int from, int end) {
    int i = from;
    for (; i + 8 <= end; i += 8) {
      long flags = SwarBytes.equalTo(SwarBytes.read(bytes, i), LF_WORD);
      if (flags != 0) {
        return i + SwarBytes.firstFlagged(flags);
      }
    }
    while (i < end && bytes[i] != LF) {
      i++;
    }
    return i;
  }

  private static boolean isBlank(byte[] bytes, int from, int end) {
    for (int i = from; i < end; i++) {
      byte b = bytes[i];
      if (b != ' ' && b != '\t' && b != CR) {
        return false;
      }
    }
    return true;
  }

  /** One line, reused for the whole stream. */
  private static final class Line implements Frame {
    static final byte[] NO_DATA = new byte[0];

    byte[] data = NO_DATA;
    int offset;
    int length;

    @Override
    public String eventName() {
      return null;
    }

    @Override
    public byte[] dataBytes() {
      return data;
    }

    @Override
    public int dataOffset() {
      return offset;
    }

    @Override
    public int dataLength() {
      return length;
    }

    @Override
    public String toString() {
      return "NdjsonLine{" + dataAsString() + "}";
    }
  }
}
