package dev.gatlingllm.sse;

import dev.gatlingllm.framing.Frame;

/**
 * One dispatched Server-Sent Event.
 *
 * <p>The decoder reuses one instance per stream: an event is only valid during the {@link
 * SseEventListener#onEvent(SseEvent)} call that hands it over. The data bytes stay raw UTF-8 so
 * that a JSON parser can read them without building a String first.
 */
public final class SseEvent implements Frame {
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

  /** The same as {@link #type()}: an SSE event always has a name. */
  @Override
  public String eventName() {
    return type;
  }

  /**
   * The backing array of the data (UTF-8). Only the first {@link #dataLength()} bytes are the data.
   */
  @Override
  public byte[] dataBytes() {
    return data;
  }

  /** Always 0: the decoder gathers an event's data lines at the start of its buffer. */
  @Override
  public int dataOffset() {
    return 0;
  }

  @Override
  public int dataLength() {
    return dataLength;
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
