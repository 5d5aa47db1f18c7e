package dev.gatlingllm.sse;

import static dev.gatlingllm.sse.RecordingListener.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.sse.RecordingListener.Ev;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a decoder keeps between events (its buffers shrink after a large one) and its state after an
 * error.
 */
class SseDecoderBuffersTest {

  private static void feed(SseDecoder decoder, String text) {
    byte[] bytes = utf8(text);
    decoder.feed(bytes, 0, bytes.length);
  }

  @Test
  void buffersShrinkBackAfterALargeEvent() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    int initial = decoder.bufferBytes();
    String large = "x".repeat(1024 * 1024);
    feed(decoder, "data: " + large + "\n\n");
    assertEquals(
        initial,
        decoder.bufferBytes(),
        "a 1 MiB event must not stay allocated after it was dispatched");
    feed(decoder, "data: small\n\n");
    assertEquals(List.of(Ev.message(large), Ev.message("small")), listener.events);
    assertEquals(initial, decoder.bufferBytes());
  }

  @Test
  void buffersShrinkBackAfterALargeCommentOrIgnoredLine() {
    SseDecoder decoder = new SseDecoder(new RecordingListener());
    int initial = decoder.bufferBytes();
    feed(decoder, ":" + "k".repeat(200_000) + "\nother: " + "v".repeat(200_000) + "\n");
    assertEquals(initial, decoder.bufferBytes());
  }

  @Test
  void ordinaryEventsKeepTheirBuffers() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    // A typical chunk (a few hundred bytes) grows the buffers once and keeps them: no allocation
    // per event.
    String chunk =
        "data: {\"choices\":[{\"delta\":{\"content\":\"" + "t".repeat(600) + "\"}}]}\n\n";
    feed(decoder, chunk);
    int afterFirst = decoder.bufferBytes();
    for (int i = 0; i < 100; i++) {
      feed(decoder, chunk);
    }
    assertEquals(afterFirst, decoder.bufferBytes());
    assertEquals(101, listener.events.size());
  }

  @Test
  void aDecoderThatFailedStaysFailed() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener, 64);
    SseFormatException first =
        assertThrows(SseFormatException.class, () -> feed(decoder, "data: " + "x".repeat(100)));
    // The rest of the too-long line, then a well-formed event: carrying on would dispatch the
    // line's tail.
    SseFormatException later =
        assertThrows(SseFormatException.class, () -> feed(decoder, "xxxx\n\ndata: ok\n\n"));
    assertTrue(later.getMessage().contains(first.getMessage()), later.getMessage());
    assertEquals(List.of(), listener.events);
    assertTrue(decoder.finish(), "a failed stream is an incomplete one");
  }

  @Test
  void aFailedDecoderRefusesEveryLaterFeedTheSameWay() {
    SseDecoder decoder = new SseDecoder(new RecordingListener(), 64);
    byte[] lines = utf8("data: 0123456789\n".repeat(10));
    assertThrows(SseFormatException.class, () -> decoder.feed(lines, 0, lines.length));
    for (int i = 0; i < 3; i++) {
      assertThrows(SseFormatException.class, () -> feed(decoder, "\n"));
    }
    assertThrows(
        SseFormatException.class,
        () -> decoder.feed(java.nio.ByteBuffer.wrap(utf8("data: a\n\n"))));
  }
}
