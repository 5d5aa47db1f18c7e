package dev.gatlingllm.sse;

import static dev.gatlingllm.sse.RecordingListener.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.sse.RecordingListener.Ev;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The WHATWG EventSource line and field rules, each stream fed in one chunk. */
class SseDecoderFieldsTest {

  @ParameterizedTest
  @ValueSource(strings = {"\n", "\r", "\r\n"})
  void everyLineEndTerminatesLinesAndEvents(String eol) {
    assertEquals(
        List.of(Ev.message("a"), Ev.message("b")),
        decode("data: a" + eol + eol + "data: b" + eol + eol));
  }

  @Test
  void lineEndsMayBeMixedInOneStream() {
    assertEquals(
        List.of(Ev.message("1\n2\n3"), Ev.message("4"), Ev.message("5")),
        decode("data: 1\rdata: 2\ndata: 3\r\n\r\ndata: 4\r\rdata: 5\n\r"));
  }

  @Test
  void crLfCountsAsOneLineEndButLfCrIsTwo() {
    // "\r\n" is one line end, so no empty line (no dispatch) between the two data lines.
    assertEquals(List.of(Ev.message("x\ny")), decode("data: x\r\ndata: y\r\n\r\n"));
    // "\n\r" is LF then CR: an empty line, so the first event is dispatched on its own.
    assertEquals(List.of(Ev.message("x"), Ev.message("y")), decode("data: x\n\rdata: y\n\n"));
  }

  @Test
  void crCrLfIsTwoLineEnds() {
    assertEquals(List.of(Ev.message("x")), decode("data: x\r\r\n"));
  }

  @Test
  void multipleDataLinesAreJoinedWithLf() {
    assertEquals(
        List.of(Ev.message("first\nsecond\n\nfourth")),
        decode("data: first\ndata: second\ndata:\ndata: fourth\n\n"));
  }

  @Test
  void dataWithoutColonIsAnEmptyDataLine() {
    assertEquals(List.of(Ev.message("")), decode("data\n\n"));
    assertEquals(List.of(Ev.message("\n")), decode("data\ndata\n\n"));
    assertEquals(List.of(Ev.message("a\n")), decode("data:a\ndata\n\n"));
  }

  @Test
  void emptyDataValueStillDispatches() {
    assertEquals(List.of(Ev.message("")), decode("data:\n\n"));
    assertEquals(List.of(Ev.message("")), decode("data: \n\n"));
  }

  @Test
  void spaceAfterColonIsOptional() {
    assertEquals(List.of(Ev.message("x"), Ev.message("x")), decode("data:x\n\ndata: x\n\n"));
  }

  @Test
  void onlyOneLeadingSpaceIsRemoved() {
    assertEquals(
        List.of(Ev.message(" two"), Ev.message("  three "), Ev.message("\ttab")),
        decode("data:  two\n\ndata:   three \n\ndata: \ttab\n\n"));
  }

  @Test
  void valueKeepsLaterColons() {
    assertEquals(List.of(Ev.message("{\"a\":\"b:c\"}")), decode("data: {\"a\":\"b:c\"}\n\n"));
  }

  @Test
  void commentLinesAreIgnored() {
    assertEquals(
        List.of(Ev.message("a\nb")),
        decode(": keep-alive\ndata: a\n:\n: another comment\ndata: b\n\n"));
  }

  @Test
  void aCommentOnlyBlockDispatchesNothing() {
    assertEquals(List.of(), decode(": ping\n\n: ping\n\n"));
  }

  @Test
  void eventFieldSetsTheTypeOfTheNextEventOnly() {
    assertEquals(
        List.of(new Ev("delta", "1", ""), Ev.message("2")),
        decode("event: delta\ndata: 1\n\ndata: 2\n\n"));
  }

  @Test
  void lastEventFieldWinsAndEmptyTypeMeansMessage() {
    assertEquals(List.of(new Ev("b", "1", "")), decode("event: a\nevent: b\ndata: 1\n\n"));
    assertEquals(List.of(Ev.message("1")), decode("event: a\nevent:\ndata: 1\n\n"));
  }

  @Test
  void eventTypeMayComeAfterData() {
    assertEquals(List.of(new Ev("error", "x", "")), decode("data: x\nevent: error\n\n"));
  }

  @Test
  void eventTypeIsDecodedAsUtf8() {
    assertEquals(List.of(new Ev("évé", "x", "")), decode("event: évé\ndata: x\n\n"));
  }

  @Test
  void emptyLineWithoutDataDispatchesNothingAndResetsType() {
    assertEquals(List.of(Ev.message("x")), decode("event: error\n\ndata: x\n\n"));
  }

  @Test
  void idPersistsAcrossEvents() {
    assertEquals(
        List.of(
            new Ev("message", "a", "7"), new Ev("message", "b", "7"), new Ev("message", "c", "8")),
        decode("id: 7\ndata: a\n\ndata: b\n\nid: 8\ndata: c\n\n"));
  }

  @Test
  void idSetWithoutDataStillPersists() {
    assertEquals(List.of(new Ev("message", "a", "42")), decode("id: 42\n\ndata: a\n\n"));
  }

  @Test
  void emptyIdResetsTheLastEventId() {
    assertEquals(
        List.of(new Ev("message", "a", "1"), new Ev("message", "b", "")),
        decode("id: 1\ndata: a\n\nid\ndata: b\n\n"));
  }

  @Test
  void idContainingNulIsIgnored() {
    assertEquals(
        List.of(new Ev("message", "a", "1"), new Ev("message", "b", "1")),
        decode("id: 1\ndata: a\n\nid: 2\u00003\ndata: b\n\n"));
  }

  @Test
  void retryAcceptsOnlyAsciiDigits() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    byte[] bytes =
        RecordingListener.utf8(
            "retry: 3000\nretry: 0\nretry: 12a\nretry: -5\nretry: 1.5\nretry:\nretry: \nretry:  7\n"
                + "retry: 5 \nretry: ١٢\nretry:250\n\n");
    decoder.feed(bytes, 0, bytes.length);
    assertEquals(List.of(3000L, 0L, 250L), listener.retries);
    assertEquals(List.of(), listener.events);
  }

  @Test
  void retryWithManyDigitsIsStillValid() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    // Leading zeros keep the value small; a value beyond a long saturates instead of being dropped.
    byte[] bytes =
        RecordingListener.utf8(
            "retry: 0000000000000000000000042\nretry: 99999999999999999999999\n");
    decoder.feed(bytes, 0, bytes.length);
    assertEquals(List.of(42L, Long.MAX_VALUE), listener.retries);
  }

  @Test
  void unknownFieldsAreIgnored() {
    assertEquals(
        List.of(Ev.message("x")),
        decode(
            "foo: bar\nDATA: no\nData: no\ndata : no\n data: no\nretries: 1\ndata: x\nevents: e\n\n"));
  }

  @Test
  void unknownFieldAloneDispatchesNothing() {
    assertEquals(List.of(), decode("foo: bar\n\n"));
  }

  @Test
  void repeatedEmptyLinesDispatchOnce() {
    assertEquals(List.of(Ev.message("x")), decode("\n\n\ndata: x\n\n\n\n"));
  }

  @Test
  void dataBytesExposeOnlyDataLengthBytes() {
    byte[] done = RecordingListener.utf8("[DONE]");
    int[] calls = {0};
    SseDecoder decoder =
        new SseDecoder(
            event -> {
              calls[0]++;
              if (calls[0] == 1) {
                assertEquals(30, event.dataLength());
                assertFalse(event.dataEquals(done));
              } else {
                // The buffer is reused: it may be longer than the data, only dataLength counts.
                assertEquals(6, event.dataLength());
                assertTrue(event.dataBytes().length >= 6);
                assertTrue(event.dataEquals(done));
                assertEquals("[DONE]", event.dataAsString());
              }
            });
    byte[] bytes =
        RecordingListener.utf8("data: 012345678901234567890123456789\n\ndata: [DONE]\n\n");
    decoder.feed(bytes, 0, bytes.length);
    assertEquals(2, calls[0]);
  }

  @Test
  void feedHonoursOffsetAndLength() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    byte[] bytes = RecordingListener.utf8("XXXdata: a\n\nYYY");
    decoder.feed(bytes, 3, bytes.length - 6);
    assertEquals(List.of(Ev.message("a")), listener.events);
    assertFalse(decoder.finish());
  }
}
