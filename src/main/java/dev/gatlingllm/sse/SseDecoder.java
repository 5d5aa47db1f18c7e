package dev.gatlingllm.sse;

import dev.gatlingllm.bytes.SwarBytes;
import dev.gatlingllm.framing.ByteArrayFrameDecoder;
import dev.gatlingllm.framing.FrameFormatException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Incremental, byte-level Server-Sent Events decoder following the WHATWG EventSource parsing
 * rules.
 *
 * <p>Bytes arrive in chunks of any size, split anywhere (inside a line, a CRLF pair or a multi-byte
 * UTF-8 character); the decoder keeps only the current line and the pending event's data, both
 * bounded by {@code maxEventBytes}, and both shrink back after an unusually large line or event, so
 * a stream keeps only what its ordinary events need. Lines end with LF, CR or CRLF, mixed freely. A
 * leading UTF-8 BOM is skipped. Lines are only decoded to text for the rare fields ({@code event},
 * {@code id}, {@code retry}); the data stays as UTF-8 bytes. After a format error (a line or event
 * over the bound) the decoder is failed for good, as {@link ByteArrayFrameDecoder} says; its errors
 * are {@link SseFormatException}s. Not thread-safe: one decoder per stream, fed from one thread.
 */
public final class SseDecoder extends ByteArrayFrameDecoder {
  private static final byte LF = '\n';
  private static final byte CR = '\r';
  private static final long LF_WORD = SwarBytes.repeat('\n');
  private static final long CR_WORD = SwarBytes.repeat('\r');
  private static final byte COLON = ':';
  private static final byte SPACE = ' ';
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
  private static final byte[] NO_DATA = new byte[0];

  /** Default bound of one line and of one event's data: far above any real LLM chunk. */
  public static final int DEFAULT_MAX_EVENT_BYTES = 4 * 1024 * 1024;

  /** Room for an ordinary chunk (a few hundred bytes of JSON) without growing. */
  static final int INITIAL_BUFFER_BYTES = 512;

  /**
   * A buffer grown beyond this is given back once its line or event is processed. Not the initial
   * size itself: chunks a little larger than it (logprobs, long tokens) would then cost an
   * allocation per event.
   */
  static final int RETAINED_BUFFER_BYTES = 16 * 1024;

  private final SseEventListener listener;
  private final int maxEventBytes;
  private final SseEvent event = new SseEvent();

  private byte[] line = new byte[INITIAL_BUFFER_BYTES];
  private int lineLength;
  private byte[] data = new byte[INITIAL_BUFFER_BYTES];
  private int dataLength;

  /** True once a {@code data:} field was seen for the pending event (data may still be empty). */
  private boolean hasData;

  private String pendingType;
  private String lastEventId = "";

  /**
   * The previous chunk ended with CR: a LF starting the next chunk belongs to the same line end.
   */
  private boolean skipNextLf;

  /**
   * How many bytes of the leading BOM have matched so far; -1 once the stream start is behind us.
   */
  private int bomMatched;

  public SseDecoder(SseEventListener listener) {
    this(listener, DEFAULT_MAX_EVENT_BYTES);
  }

  public SseDecoder(SseEventListener listener, int maxEventBytes) {
    if (maxEventBytes < 16) {
      throw new IllegalArgumentException("maxEventBytes must be at least 16, was " + maxEventBytes);
    }
    this.listener = listener;
    this.maxEventBytes = maxEventBytes;
  }

  @Override
  protected FrameFormatException formatError(String message) {
    return new SseFormatException(message);
  }

  /**
   * Dispatches every event the bytes complete; a line or an event over the bound fails the decoder.
   */
  @Override
  protected void decode(byte[] bytes, int offset, int length) {
    int end = offset + length;
    int i = skipBom(bytes, offset, end);
    while (i < end) {
      byte b = bytes[i];
      if (skipNextLf) {
        skipNextLf = false;
        if (b == LF) {
          i++;
          continue;
        }
      }
      int lineEnd = lineEnd(bytes, i, end);
      appendToLine(bytes, i, lineEnd - i);
      if (lineEnd == end) {
        return;
      }
      if (bytes[lineEnd] == CR) {
        skipNextLf = true;
      }
      processLine();
      i = lineEnd + 1;
    }
  }

  /**
   * Ends the stream. As the specification says, an event not terminated by an empty line is not
   * dispatched; this returns true when such an incomplete event (or an unterminated line) was
   * dropped, so that callers can report a truncated stream.
   */
  @Override
  public boolean finish() {
    // A partly matched BOM is bytes of an unterminated first line too (e.g. a body that is just
    // 0xEF).
    boolean incomplete = failed() || lineLength > 0 || hasData || bomMatched > 0;
    lineLength = 0;
    bomMatched = -1;
    skipNextLf = false;
    resetPendingEvent();
    return incomplete;
  }

  /** The bytes the line and data buffers hold allocated now (tests check they shrink). */
  int bufferBytes() {
    return line.length + data.length;
  }

  private int skipBom(byte[] bytes, int offset, int end) {
    int i = offset;
    while (bomMatched >= 0 && i < end) {
      if (bytes[i] == BOM[bomMatched]) {
        bomMatched++;
        i++;
        if (bomMatched == BOM.length) {
          bomMatched = -1;
        }
      } else {
        // Not a BOM after all: the bytes matched so far were real content.
        int matched = bomMatched;
        bomMatched = -1;
        appendToLine(BOM, 0, matched);
      }
    }
    return i;
  }

  /**
   * The index of the first LF or CR in {@code bytes[from, end)}, or {@code end}: eight bytes at a
   * time.
   */
  private static int lineEnd(byte[] bytes, int from, int end) {
    int i = from;
    for (; i + 8 <= end; i += 8) {
      long word = SwarBytes.read(bytes, i);
      long lineBreaks = SwarBytes.equalTo(word, LF_WORD) | SwarBytes.equalTo(word, CR_WORD);
      if (lineBreaks != 0) {
        return i + SwarBytes.firstFlagged(lineBreaks);
      }
    }
    while (i < end && bytes[i] != LF && bytes[i] != CR) {
      i++;
    }
    return i;
  }

  private void appendToLine(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return;
    }
    int needed = lineLength + length;
    if (needed > maxEventBytes) {
      throw overBound("SSE line longer than " + maxEventBytes + " bytes");
    }
    if (needed > line.length) {
      line = Arrays.copyOf(line, Math.min(maxEventBytes, Math.max(needed, line.length * 2)));
    }
    System.arraycopy(bytes, offset, line, lineLength, length);
    lineLength = needed;
  }

  /**
   * Enters the failed state: the current line and event are dropped, and nothing more is decoded.
   */
  private FrameFormatException overBound(String message) {
    lineLength = 0;
    resetPendingEvent();
    line = new byte[INITIAL_BUFFER_BYTES];
    data = new byte[INITIAL_BUFFER_BYTES];
    return fail(message);
  }

  private void processLine() {
    processLineFields();
    if (line.length > RETAINED_BUFFER_BYTES) {
      line = new byte[INITIAL_BUFFER_BYTES];
    }
  }

  private void processLineFields() {
    int length = lineLength;
    lineLength = 0;
    if (length == 0) {
      dispatch();
      return;
    }
    if (line[0] == COLON) {
      return; // comment, e.g. a keep-alive
    }
    int colon = indexOf(line, length, COLON);
    int nameEnd = colon < 0 ? length : colon;
    int valueStart = colon < 0 ? length : colon + 1;
    if (valueStart < length && line[valueStart] == SPACE) {
      valueStart++;
    }
    int valueLength = length - valueStart;
    if (isField("data", nameEnd)) {
      appendData(valueStart, valueLength);
    } else if (isField("event", nameEnd)) {
      pendingType = text(valueStart, valueLength);
    } else if (isField("id", nameEnd)) {
      if (indexOf0(valueStart, valueLength) < 0) {
        lastEventId = text(valueStart, valueLength);
      }
    } else if (isField("retry", nameEnd)) {
      onRetry(valueStart, valueLength);
    }
    // Any other field name is ignored, as the specification says.
  }

  private void appendData(int valueStart, int valueLength) {
    // Lines of one event are joined with LF: add the separator before every line but the first.
    int separator = hasData ? 1 : 0;
    int needed = dataLength + separator + valueLength;
    if (needed > maxEventBytes) {
      throw overBound("SSE event data longer than " + maxEventBytes + " bytes");
    }
    if (needed > data.length) {
      data = Arrays.copyOf(data, Math.min(maxEventBytes, Math.max(needed, data.length * 2)));
    }
    if (separator == 1) {
      data[dataLength++] = LF;
    }
    System.arraycopy(line, valueStart, data, dataLength, valueLength);
    dataLength += valueLength;
    hasData = true;
  }

  private void onRetry(int valueStart, int valueLength) {
    if (valueLength == 0) {
      return;
    }
    // Any run of ASCII digits is valid (leading zeros included), so the length alone decides
    // nothing; a value beyond a long saturates rather than overflowing or being dropped.
    long millis = 0;
    for (int i = valueStart; i < valueStart + valueLength; i++) {
      byte b = line[i];
      if (b < '0' || b > '9') {
        return;
      }
      int digit = b - '0';
      millis = millis > (Long.MAX_VALUE - digit) / 10 ? Long.MAX_VALUE : millis * 10 + digit;
    }
    listener.onRetry(millis);
  }

  private void dispatch() {
    if (!hasData) {
      // An empty line with no data resets the event type and dispatches nothing.
      resetPendingEvent();
      return;
    }
    event.type = pendingType == null || pendingType.isEmpty() ? SseEvent.DEFAULT_TYPE : pendingType;
    event.data = data;
    event.dataLength = dataLength;
    event.lastEventId = lastEventId;
    resetPendingEvent();
    try {
      listener.onEvent(event);
    } finally {
      // The event's bytes are only valid during the callback, so the buffer can be given back now.
      event.data = NO_DATA;
      event.dataLength = 0;
      if (data.length > RETAINED_BUFFER_BYTES) {
        data = new byte[INITIAL_BUFFER_BYTES];
      }
    }
  }

  private void resetPendingEvent() {
    hasData = false;
    dataLength = 0;
    pendingType = null;
  }

  private boolean isField(String name, int nameLength) {
    if (name.length() != nameLength) {
      return false;
    }
    for (int i = 0; i < nameLength; i++) {
      if (line[i] != name.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private String text(int offset, int length) {
    return new String(line, offset, length, StandardCharsets.UTF_8);
  }

  private int indexOf0(int offset, int length) {
    for (int i = offset; i < offset + length; i++) {
      if (line[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  private static int indexOf(byte[] bytes, int length, byte b) {
    for (int i = 0; i < length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
