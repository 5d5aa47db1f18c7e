package dev.gatlingllm.sse;

import static dev.gatlingllm.sse.RecordingListener.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.sse.RecordingListener.Ev;
import java.util.List;
import org.junit.jupiter.api.Test;

/** End of stream (incomplete events are dropped and reported) and the size bounds. */
class SseDecoderEndAndLimitsTest {

  private static SseDecoder fed(RecordingListener listener, String text) {
    SseDecoder decoder = new SseDecoder(listener);
    byte[] bytes = utf8(text);
    decoder.feed(bytes, 0, bytes.length);
    return decoder;
  }

  @Test
  void completeStreamFinishesClean() {
    RecordingListener listener = new RecordingListener();
    assertFalse(fed(listener, "data: a\n\n").finish());
    assertEquals(List.of(Ev.message("a")), listener.events);
  }

  @Test
  void emptyStreamFinishesClean() {
    assertFalse(fed(new RecordingListener(), "").finish());
  }

  @Test
  void trailingEventWithoutEmptyLineIsNotDispatchedAndIsReported() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = fed(listener, "data: a\n\ndata: b\n");
    assertTrue(decoder.finish());
    assertEquals(List.of(Ev.message("a")), listener.events);
  }

  @Test
  void unterminatedLineIsReported() {
    RecordingListener listener = new RecordingListener();
    assertTrue(fed(listener, "data: a\n\ndata: {\"trunc").finish());
    assertEquals(List.of(Ev.message("a")), listener.events);
  }

  @Test
  void unterminatedCommentIsReportedAsAnUnterminatedLine() {
    assertTrue(fed(new RecordingListener(), ": keep-al").finish());
  }

  @Test
  void trailingCrEndsTheLastLineButNotTheEvent() {
    RecordingListener listener = new RecordingListener();
    assertTrue(fed(listener, "data: a\r").finish());
    assertEquals(List.of(), listener.events);
    // CR then CR: the second CR is the empty line, so the event is complete.
    RecordingListener complete = new RecordingListener();
    assertFalse(fed(complete, "data: a\r\r").finish());
    assertEquals(List.of(Ev.message("a")), complete.events);
  }

  @Test
  void pendingFieldsWithoutDataAreNotAnIncompleteEvent() {
    assertFalse(fed(new RecordingListener(), "data: a\n\nevent: x\nid: 3\n").finish());
  }

  @Test
  void halfABomIsAnUnterminatedLine() {
    SseDecoder decoder = new SseDecoder(new RecordingListener());
    decoder.feed(new byte[] {(byte) 0xEF}, 0, 1);
    assertTrue(decoder.finish());
  }

  @Test
  void finishDropsThePendingEvent() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = fed(listener, "data: a\n");
    assertTrue(decoder.finish());
    byte[] more = utf8("\n");
    decoder.feed(more, 0, 1);
    assertEquals(List.of(), listener.events);
  }

  @Test
  void lineLongerThanTheBoundFails() {
    SseDecoder decoder = new SseDecoder(new RecordingListener(), 64);
    byte[] line = utf8("data: " + "x".repeat(100));
    SseFormatException e =
        assertThrows(SseFormatException.class, () -> decoder.feed(line, 0, line.length));
    assertTrue(e.getMessage().contains("64"), e.getMessage());
  }

  @Test
  void lineLongerThanTheBoundFailsWhenFedInSmallChunks() {
    SseDecoder decoder = new SseDecoder(new RecordingListener(), 64);
    byte[] line = utf8("data: " + "x".repeat(100));
    assertThrows(
        SseFormatException.class,
        () -> {
          for (int i = 0; i < line.length; i += 3) {
            decoder.feed(line, i, Math.min(3, line.length - i));
          }
        });
  }

  @Test
  void endlessCommentLineIsBoundedToo() {
    // A server sending garbage without line ends must not grow memory without limit.
    SseDecoder decoder = new SseDecoder(new RecordingListener(), 64);
    byte[] line = utf8(":" + "x".repeat(100));
    assertThrows(SseFormatException.class, () -> decoder.feed(line, 0, line.length));
  }

  @Test
  void lineExactlyAtTheBoundIsAccepted() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener, 64);
    String value = "y".repeat(64 - "data: ".length());
    byte[] bytes = utf8("data: " + value + "\n\n");
    decoder.feed(bytes, 0, bytes.length);
    assertEquals(List.of(Ev.message(value)), listener.events);
  }

  @Test
  void eventDataLongerThanTheBoundFailsEvenWithShortLines() {
    SseDecoder decoder = new SseDecoder(new RecordingListener(), 64);
    byte[] lines = utf8("data: 0123456789\n".repeat(10));
    SseFormatException e =
        assertThrows(SseFormatException.class, () -> decoder.feed(lines, 0, lines.length));
    assertTrue(e.getMessage().contains("data"), e.getMessage());
  }

  @Test
  void manyEventsBelowTheBoundDoNotAccumulate() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener, 64);
    byte[] bytes = utf8("data: 0123456789012345678901234567890123456789\n\n".repeat(1000));
    decoder.feed(bytes, 0, bytes.length);
    assertEquals(1000, listener.events.size());
  }

  @Test
  void tooSmallBoundIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new SseDecoder(e -> {}, 15));
  }

  @Test
  void outOfRangeSliceIsRejected() {
    SseDecoder decoder = new SseDecoder(new RecordingListener());
    byte[] bytes = new byte[4];
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.feed(bytes, 2, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.feed(bytes, -1, 1));
  }
}
