package dev.gatlingllm.sse;

import java.nio.charset.StandardCharsets;

/**
 * One dispatched Server-Sent Event.
 *
 * <p>The decoder reuses one instance per stream: an event is only valid during the
 * {@link SseEventListener#onEvent(SseEvent)} call that hands it over. The data bytes stay raw UTF-8
 * so that a JSON parser can read them without building a String first.
 */
public final class SseEvent {
  /** Event type when no {@code event:} field was given, as the EventSource specification says. */
  public static final String DEFAULT_TYPE = "message";

  String type = DEFAULT_TYPE;
  byte[] data = new byte[0];
  int dataLength;
  String lastEventId = "";

  /** The {@code event:} field, or {@value #DEFAULT_TYPE}. */
  public String type() {
    return type;
  }

  /** The backing array of the data (UTF-8). Only the first {@link #dataLength()} bytes are the data. */
  public byte[] dataBytes() {
    return data;
  }

  public int dataLength() {
    return dataLength;
  }

  /** The data decoded as UTF-8 (allocates: for tests, logs and error messages, not the hot path). */
  public String dataAsString() {
    return new String(data, 0, dataLength, StandardCharsets.UTF_8);
  }

  /** True when the data is exactly the given ASCII text, compared without allocating. */
  public boolean dataEquals(byte[] ascii) {
    if (ascii.length != dataLength) {
      return false;
    }
    for (int i = 0; i < dataLength; i++) {
      if (data[i] != ascii[i]) {
        return false;
      }
    }
    return true;
  }

  /** The last event id seen on this stream (kept across events, as the specification says). */
  public String lastEventId() {
    return lastEventId;
  }

  @Override
  public String toString() {
    return "SseEvent{type=" + type + ", id=" + lastEventId + ", data=" + dataAsString() + "}";
  }
}
