package dev.gatlingllm.sse;

import static dev.gatlingllm.sse.RecordingListener.decodeBytes;
import static dev.gatlingllm.sse.RecordingListener.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gatlingllm.sse.RecordingListener.Ev;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Chunk boundaries anywhere (inside lines, CRLF pairs, UTF-8 characters, the BOM) change nothing.
 */
class SseDecoderChunkingTest {
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /**
   * The shape of an OpenAI chat stream: role chunk, content with multi-byte text, finish, usage,
   * [DONE].
   */
  private static final String OPENAI_STREAM =
      "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
          + ": keep-alive\n\n"
          + "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Café \"}}]}\n\n"
          + "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"日本 😀\"}}]}\n\n"
          + "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
          + "data: {\"id\":\"c1\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}\n\n"
          + "data: [DONE]\n\n";

  private static final List<Ev> OPENAI_EVENTS =
      List.of(
          Ev.message(
              "{\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}"),
          Ev.message(
              "{\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Café \"}}]}"),
          Ev.message(
              "{\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"日本 😀\"}}]}"),
          Ev.message(
              "{\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}"),
          Ev.message(
              "{\"id\":\"c1\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}"),
          Ev.message("[DONE]"));

  /**
   * Every rule that spans bytes at once: BOM, CRLF/CR/LF, multi-line data, id, event, 2/3/4-byte
   * UTF-8.
   */
  private static final byte[] TRICKY_STREAM =
      concat(
          BOM,
          utf8(
              "id: é1\r\nevent: delta\r\ndata: ñ\r\ndata: €\r\n\r\n"
                  + ": c\rdata: 𝄞x\r\r"
                  + "retry: 10\nevent: e\n\ndata:  \u00A0\n\n"));

  private static final List<Ev> TRICKY_EVENTS =
      List.of(
          new Ev("delta", "ñ\n€", "é1"),
          new Ev("message", "𝄞x", "é1"),
          new Ev("message", " \u00A0", "é1"));

  @Test
  void wholeStreamsDecode() {
    assertEquals(OPENAI_EVENTS, decodeBytes(utf8(OPENAI_STREAM)));
    assertEquals(TRICKY_EVENTS, decodeBytes(TRICKY_STREAM));
  }

  @Test
  void openAiStreamSplitAtEveryOffset() {
    assertSameAtEverySingleSplit(utf8(OPENAI_STREAM), OPENAI_EVENTS);
  }

  @Test
  void trickyStreamSplitAtEveryOffset() {
    assertSameAtEverySingleSplit(TRICKY_STREAM, TRICKY_EVENTS);
  }

  @Test
  void openAiStreamSplitAtEveryPairOfOffsets() {
    assertSameAtEveryPairOfSplits(utf8(OPENAI_STREAM), OPENAI_EVENTS);
  }

  @Test
  void trickyStreamSplitAtEveryPairOfOffsets() {
    assertSameAtEveryPairOfSplits(TRICKY_STREAM, TRICKY_EVENTS);
  }

  @Test
  void oneByteAtATime() {
    assertEquals(OPENAI_EVENTS, decodeOneByteAtATime(utf8(OPENAI_STREAM)));
    assertEquals(TRICKY_EVENTS, decodeOneByteAtATime(TRICKY_STREAM));
  }

  @Test
  void emptyChunksChangeNothing() {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    byte[] bytes = TRICKY_STREAM;
    for (int i = 0; i < bytes.length; i++) {
      decoder.feed(bytes, i, 0);
      decoder.feed(bytes, i, 1);
      decoder.feed(new byte[0], 0, 0);
    }
    assertEquals(TRICKY_EVENTS, listener.events);
  }

  @Test
  void crAtChunkEndAndLfAtNextChunkStartAreOneLineEnd() {
    // If the LF were a second line end, the empty line would dispatch "a" alone.
    assertEquals(
        List.of(Ev.message("a\nb")),
        RecordingListener.decode("data: a\r", "\ndata: b\r", "\n\r", "\n"));
  }

  @Test
  void crAtChunkEndFollowedByOtherByteIsStillALineEnd() {
    assertEquals(
        List.of(Ev.message("a\nb")), RecordingListener.decode("data: a\r", "data: b\r", "\r"));
  }

  @Test
  void crAtChunkEndThenEmptyChunksThenLf() {
    assertEquals(
        List.of(Ev.message("a")), RecordingListener.decode("data: a\r", "", "", "\n", "\n"));
  }

  @Test
  void leadingBomIsSkipped() {
    assertEquals(List.of(Ev.message("x")), decodeBytes(concat(BOM, utf8("data: x\n\n"))));
  }

  @Test
  void leadingBomBeforeAFieldNameIsSkippedSoTheFieldIsRecognised() {
    assertEquals(
        List.of(new Ev("e", "x", "")), decodeBytes(concat(BOM, utf8("event: e\ndata: x\n\n"))));
  }

  @Test
  void bomSplitAcrossChunksIsSkipped() {
    byte[] rest = utf8("data: x\n\n");
    assertEquals(
        List.of(Ev.message("x")),
        decodeBytes(new byte[] {BOM[0]}, new byte[] {BOM[1]}, concat(new byte[] {BOM[2]}, rest)));
    assertEquals(
        List.of(Ev.message("x")),
        decodeBytes(new byte[] {BOM[0], BOM[1]}, new byte[] {BOM[2]}, rest));
    assertEquals(List.of(Ev.message("x")), decodeBytes(new byte[0], BOM, new byte[0], rest));
  }

  @Test
  void onlyTheFirstBomIsSkipped() {
    // A second BOM makes the first line's field name "\uFEFFdata", which is unknown.
    assertEquals(
        List.of(Ev.message("y")),
        decodeBytes(concat(concat(BOM, BOM), utf8("data: x\n\ndata: y\n\n"))));
  }

  @Test
  void bomInTheMiddleOfTheStreamIsKept() {
    assertEquals(
        List.of(Ev.message("\uFEFFa")),
        decodeBytes(concat(utf8("data: "), concat(BOM, utf8("a\n\n")))));
  }

  @Test
  void leadingEfThatIsNotABomIsKept() {
    // U+F000 is EF 80 80: it starts like a BOM but is a real character, here part of the data
    // value.
    byte[] stream = utf8("\uF000: comment\ndata: x\n\n");
    assertEquals(List.of(Ev.message("x")), decodeBytes(stream));
    // As a field name prefix it must make the field unknown (so the bytes were not silently
    // dropped).
    assertEquals(List.of(), decodeBytes(utf8("\uF000data: x\n\n")));
    // Partly matching BOM bytes, then a split, then a mismatch: the bytes stay in the line.
    assertEquals(
        List.of(), decodeBytes(new byte[] {BOM[0]}, new byte[] {BOM[1]}, utf8("data: x\n\n")));
    assertEquals(
        List.of(Ev.message("x")),
        decodeBytes(new byte[] {BOM[0]}, utf8("\n"), utf8("data: x\n\n")));
  }

  @Test
  void leadingEfEfBbBfIsNotABom() {
    // EF then EF BB BF: the first EF breaks the match; the rest is a mid-line BOM kept in the field
    // name.
    byte[] stream = concat(new byte[] {BOM[0]}, concat(BOM, utf8("\ndata: x\n\n")));
    assertEquals(List.of(Ev.message("x")), decodeBytes(stream));
  }

  @Test
  void multiByteCharactersSplitAtEveryByte() {
    // 2-byte é, 3-byte €, 4-byte 𝄞 and an emoji with a variation selector and a ZWJ sequence.
    String text = "é€𝄞😀👩‍💻❤️";
    byte[] stream = utf8("data: " + text + "\n\n");
    assertSameAtEverySingleSplit(stream, List.of(Ev.message(text)));
    assertEquals(List.of(Ev.message(text)), decodeOneByteAtATime(stream));
  }

  @Test
  void multiByteCharactersInEventAndIdSplitAtEveryByte() {
    byte[] stream = utf8("event: ü😀\nid: 中\ndata: x\n\n");
    assertSameAtEverySingleSplit(stream, List.of(new Ev("ü😀", "x", "中")));
  }

  @Test
  void invalidUtf8InDataIsPassedThroughAsBytes() {
    byte[][] seen = new byte[1][];
    SseDecoder decoder =
        new SseDecoder(e -> seen[0] = Arrays.copyOf(e.dataBytes(), e.dataLength()));
    byte[] stream =
        concat(utf8("data: "), concat(new byte[] {(byte) 0xC3, (byte) 0xFF}, utf8("\n\n")));
    decoder.feed(stream, 0, stream.length);
    assertEquals(List.of((byte) 0xC3, (byte) 0xFF), List.of(seen[0][0], seen[0][1]));
  }

  @Test
  void heapByteBufferFeedingDoesNotMovePosition() {
    byte[] stream = utf8(OPENAI_STREAM);
    // A slice with a non-zero array offset and a position, to exercise arrayOffset() + position().
    byte[] padded = concat(utf8("garbage"), concat(stream, utf8("tail")));
    ByteBuffer buffer = ByteBuffer.wrap(padded, 3, padded.length - 3).slice();
    buffer.position(4).limit(4 + stream.length);
    RecordingListener listener = new RecordingListener();
    new SseDecoder(listener).feed(buffer);
    assertEquals(OPENAI_EVENTS, listener.events);
    assertEquals(4, buffer.position());
  }

  @Test
  void directByteBufferFeeding() {
    byte[] stream = utf8(OPENAI_STREAM);
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    ByteBuffer direct = ByteBuffer.allocateDirect(stream.length);
    direct.put(stream).flip();
    // Split into chunks of 7 bytes through views, as a network layer would deliver them.
    for (int start = 0; start < stream.length; start += 7) {
      ByteBuffer view = direct.duplicate();
      view.position(start).limit(Math.min(stream.length, start + 7));
      decoder.feed(view);
      assertEquals(start, view.position());
    }
    assertEquals(OPENAI_EVENTS, listener.events);
  }

  @Test
  void largeDirectAndReadOnlyBuffers() {
    // Larger than any internal scratch buffer, so the copy loop runs several times.
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      sb.append("data: {\"n\":").append(i).append("}\n\n");
    }
    byte[] stream = utf8(sb.toString());
    for (ByteBuffer buffer :
        List.of(
            ByteBuffer.allocateDirect(stream.length).put(stream).flip(),
            ByteBuffer.wrap(stream).asReadOnlyBuffer())) {
      RecordingListener listener = new RecordingListener();
      new SseDecoder(listener).feed(buffer);
      assertEquals(3000, listener.events.size());
      assertEquals(Ev.message("{\"n\":2999}"), listener.events.get(2999));
      assertEquals(0, buffer.position());
    }
  }

  @Test
  void byteBufferAndArrayFeedingMix() {
    byte[] stream = TRICKY_STREAM;
    for (int split = 0; split <= stream.length; split++) {
      RecordingListener listener = new RecordingListener();
      SseDecoder decoder = new SseDecoder(listener);
      ByteBuffer direct = ByteBuffer.allocateDirect(split).put(stream, 0, split).flip();
      decoder.feed(direct);
      decoder.feed(stream, split, stream.length - split);
      assertEquals(TRICKY_EVENTS, listener.events, "split at " + split);
      assertFalse(decoder.finish());
    }
  }

  private static void assertSameAtEverySingleSplit(byte[] stream, List<Ev> expected) {
    for (int i = 0; i <= stream.length; i++) {
      RecordingListener listener = new RecordingListener();
      SseDecoder decoder = new SseDecoder(listener);
      decoder.feed(stream, 0, i);
      decoder.feed(stream, i, stream.length - i);
      if (!expected.equals(listener.events)) {
        fail("split at " + i + ": expected " + expected + " but was " + listener.events);
      }
      assertFalse(decoder.finish(), "split at " + i);
    }
  }

  private static void assertSameAtEveryPairOfSplits(byte[] stream, List<Ev> expected) {
    for (int i = 0; i <= stream.length; i++) {
      for (int j = i; j <= stream.length; j++) {
        RecordingListener listener = new RecordingListener();
        SseDecoder decoder = new SseDecoder(listener);
        decoder.feed(stream, 0, i);
        decoder.feed(stream, i, j - i);
        decoder.feed(stream, j, stream.length - j);
        if (!expected.equals(listener.events)) {
          fail(
              "splits at "
                  + i
                  + ", "
                  + j
                  + ": expected "
                  + expected
                  + " but was "
                  + listener.events);
        }
      }
    }
  }

  private static List<Ev> decodeOneByteAtATime(byte[] stream) {
    RecordingListener listener = new RecordingListener();
    SseDecoder decoder = new SseDecoder(listener);
    for (int i = 0; i < stream.length; i++) {
      decoder.feed(stream, i, 1);
    }
    assertFalse(decoder.finish());
    return listener.events;
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
