package dev.gatlingllm.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.framing.FrameFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lines of newline-delimited JSON cut from bytes split anywhere, within bounds, with a terminal
 * failed state.
 */
class NdjsonDecoderTest {
  private final List<String> lines = new ArrayList<>();
  private final NdjsonDecoder decoder =
      new NdjsonDecoder(
          frame -> {
            assertNull(frame.eventName(), "NDJSON lines have no event name");
            lines.add(frame.dataAsString());
          });

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private void feed(NdjsonDecoder target, String text) {
    byte[] bytes = utf8(text);
    target.feed(bytes, 0, bytes.length);
  }

  @Test
  void eachLineIsOneFrameAndCrlfEndsALineToo() {
    feed(decoder, "{\"a\":1}\n{\"b\":2}\r\n{\"c\":\"d\\ne\"}\n");
    assertEquals(List.of("{\"a\":1}", "{\"b\":2}", "{\"c\":\"d\\ne\"}"), lines);
    assertFalse(decoder.finish());
  }

  @Test
  void bytesSplitAtEveryPositionGiveTheSameLines() {
    String body = "{\"message\":{\"content\":\"h\u00e9llo \u4e16\u754c\"}}\r\n\n{\"done\":true}\n";
    byte[] bytes = utf8(body);
    for (int cut = 0; cut <= bytes.length; cut++) {
      List<String> seen = new ArrayList<>();
      NdjsonDecoder split = new NdjsonDecoder(frame -> seen.add(frame.dataAsString()));
      split.feed(bytes, 0, cut);
      split.feed(bytes, cut, bytes.length - cut);
      assertFalse(split.finish());
      assertEquals(
          List.of("{\"message\":{\"content\":\"h\u00e9llo \u4e16\u754c\"}}", "{\"done\":true}"),
          seen,
          "cut at " + cut);
    }
  }

  @Test
  void oneByteAtATimeGivesTheSameLines() {
    byte[] bytes = utf8("{\"x\":1}\r\n{\"y\":2}\n");
    for (int i = 0; i < bytes.length; i++) {
      decoder.feed(bytes, i, 1);
    }
    assertEquals(List.of("{\"x\":1}", "{\"y\":2}"), lines);
  }

  @Test
  void blankLinesAreSkipped() {
    feed(decoder, "\n\r\n  \t\n{\"a\":1}\n\n");
    assertEquals(List.of("{\"a\":1}"), lines);
  }

  @Test
  void aLastLineWithoutNewlineIsDispatchedAtTheEnd() {
    feed(decoder, "{\"a\":1}\n{\"done\":");
    feed(decoder, "true}");
    assertEquals(List.of("{\"a\":1}"), lines);
    assertFalse(decoder.finish(), "a last line without newline is complete, not truncated");
    assertEquals(List.of("{\"a\":1}", "{\"done\":true}"), lines);
    assertFalse(decoder.finish(), "finishing twice dispatches nothing more");
    assertEquals(2, lines.size());
  }

  @Test
  void aWholeLineInsideAChunkIsHandedOverInPlace() {
    List<byte[]> arrays = new ArrayList<>();
    List<Integer> offsets = new ArrayList<>();
    NdjsonDecoder inPlace =
        new NdjsonDecoder(
            frame -> {
              arrays.add(frame.dataBytes());
              offsets.add(frame.dataOffset());
            });
    byte[] bytes = utf8("xx{\"a\":1}\n{\"b\":2}\n");
    inPlace.feed(bytes, 2, bytes.length - 2);
    assertSame(bytes, arrays.get(0), "no copy of a line that lies whole in the chunk");
    assertSame(bytes, arrays.get(1));
    assertEquals(List.of(2, 10), offsets);
  }

  @Test
  void directBuffersAreReadWithoutMovingTheirPosition() {
    byte[] bytes = utf8("{\"a\":1}\n{\"b\":2}\n");
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    decoder.feed(direct);
    assertEquals(0, direct.position());
    assertEquals(List.of("{\"a\":1}", "{\"b\":2}"), lines);
  }

  @Test
  void aLineOverTheBoundFailsTheDecoderForGood() {
    NdjsonDecoder bounded = new NdjsonDecoder(frame -> lines.add(frame.dataAsString()), 32);
    feed(bounded, "{\"ok\":1}\n");
    FrameFormatException first =
        assertThrows(FrameFormatException.class, () -> feed(bounded, "{\"x\":\"" + "y".repeat(40)));
    assertEquals("NDJSON line longer than 32 bytes", first.getMessage());
    FrameFormatException later =
        assertThrows(FrameFormatException.class, () -> feed(bounded, "\"}\n{\"ok\":2}\n"));
    assertTrue(later.getMessage().contains(first.getMessage()), later.getMessage());
    assertEquals(
        List.of("{\"ok\":1}"), lines, "nothing after the error, not even the long line's tail");
    assertTrue(bounded.finish(), "a failed stream is an incomplete one");
  }

  @Test
  void aWholeLineOverTheBoundInOneChunkFailsToo() {
    NdjsonDecoder bounded = new NdjsonDecoder(frame -> lines.add(frame.dataAsString()), 32);
    assertThrows(
        FrameFormatException.class, () -> feed(bounded, "{\"x\":\"" + "y".repeat(40) + "\"}\n"));
    assertEquals(List.of(), lines);
  }

  @Test
  void theBufferShrinksBackAfterALongSplitLine() {
    int initial = decoder.bufferBytes();
    String large = "{\"t\":\"" + "x".repeat(1024 * 1024) + "\"}";
    feed(decoder, large.substring(0, 10));
    feed(decoder, large.substring(10) + "\n");
    assertEquals(
        initial,
        decoder.bufferBytes(),
        "a 1 MiB line must not stay allocated after it was dispatched");
    assertEquals(List.of(large), lines);
  }

  @Test
  void ordinarySplitLinesKeepTheirBuffer() {
    String line = "{\"response\":\"" + "t".repeat(600) + "\"}\n";
    feed(decoder, line.substring(0, 300));
    feed(decoder, line.substring(300));
    int afterFirst = decoder.bufferBytes();
    for (int i = 0; i < 50; i++) {
      feed(decoder, line.substring(0, 300));
      feed(decoder, line.substring(300));
    }
    assertEquals(afterFirst, decoder.bufferBytes());
    assertEquals(51, lines.size());
  }
}
