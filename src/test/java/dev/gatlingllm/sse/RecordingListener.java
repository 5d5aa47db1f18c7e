package dev.gatlingllm.sse;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies every dispatched event (they are only valid during the callback) so tests can compare
 * lists.
 */
final class RecordingListener implements SseEventListener {
  /** An immutable copy of one {@link SseEvent}. */
  record Ev(String type, String data, String id) {
    static Ev message(String data) {
      return new Ev(SseEvent.DEFAULT_TYPE, data, "");
    }
  }

  final List<Ev> events = new ArrayList<>();
  final List<Long> retries = new ArrayList<>();

  @Override
  public void onEvent(SseEvent event) {
    events.add(new Ev(event.type(), event.dataAsString(), event.lastEventId()));
  }

  @Override
  public void onRetry(long millis) {
    retries.add(millis);
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** Decodes the chunks, in order, with a fresh decoder and returns what it dispatched. */
  static List<Ev> decode(String... chunks) {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    for (String chunk : chunks) {
      byte[] bytes = utf8(chunk);
      decoder.feed(bytes, 0, bytes.length);
    }
    return listener.events;
  }

  static List<Ev> decodeBytes(byte[]... chunks) {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    for (byte[] chunk : chunks) {
      decoder.feed(chunk, 0, chunk.length);
    }
    return listener.events;
  }
}
