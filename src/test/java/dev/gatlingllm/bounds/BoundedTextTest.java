package dev.gatlingllm.bounds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedTextTest {
  private static List<String> lines(String text, int maxChars) throws IOException {
    List<String> out = new ArrayList<>();
    try (BoundedText.Lines lines = new BoundedText.Lines(new StringReader(text), "f", maxChars)) {
      for (String line = lines.next(); line != null; line = lines.next()) {
        out.add(lines.number() + ":" + line);
      }
    }
    return out;
  }

  @Test
  void linesEndAtEachOfTheThreeLineEnds() throws IOException {
    assertEquals(List.of("1:a", "2:", "3:b", "4:c", "5:d"), lines("a\n\nb\r\nc\rd", 10));
    assertEquals(List.of("1:a"), lines("a\n", 10), "a last line end makes no empty line");
    assertEquals(List.of(), lines("", 10));
    // a \r\n split across the reader's 8192-character buffer is one line end
    String first = "x".repeat(8191);
    assertEquals(List.of("1:" + first, "2:y"), lines(first + "\r\ny", 10_000));
  }

  @Test
  void aLineLongerThanTheBoundIsOneLineNamingTheFileAndTheLine() {
    UserError e =
        assertThrows(UserError.class, () -> lines("ok\n" + "z".repeat(20_000) + "\n", 10_000));
    assertEquals(
        "f line 2: longer than 10000 characters, the bound of one line (is this file one record a"
            + " line?)",
        e.getMessage());
  }

  /** A stream of {@code size} bytes that holds none of them in memory. */
  private static InputStream endless(long size) {
    return new InputStream() {
      long left = size;

      @Override
      public int read() {
        return left-- > 0 ? 'a' : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (left <= 0) {
          return -1;
        }
        int n = (int) Math.min(len, left);
        left -= n;
        java.util.Arrays.fill(b, off, off + n, (byte) 'a');
        return n;
      }
    };
  }

  @Test
  void aGigabyteLineIsRefusedAtTheBoundNotReadWhole() throws IOException {
    // one line of 1 GiB: refused after MAX_LINE_CHARS characters, before the heap holds it
    try (BoundedText.Lines lines = BoundedText.lines(endless(1L << 30), "trace.jsonl")) {
      UserError e = assertThrows(UserError.class, lines::next);
      assertEquals(
          "trace.jsonl line 1: longer than 8388608 characters, the bound of one line (is this file"
              + " one record a line?)",
          e.getMessage());
    }
  }

  @Test
  void aFileLargerThanItsBoundIsRefusedNamingTheBound() throws IOException {
    assertArrayEquals(
        "abc".getBytes(StandardCharsets.UTF_8),
        BoundedText.readAll(new ByteArrayInputStream("abc".getBytes()), "clip.wav", 3));
    UserError e =
        assertThrows(
            UserError.class, () -> BoundedText.readAll(endless(1L << 40), "clip.wav", 1 << 20));
    assertEquals(
        "clip.wav: larger than 1048576 bytes, the bound of a file read before the load",
        e.getMessage());
    try (BoundedText.Lines lines =
        BoundedText.lines(BoundedText.limited(endless(100), "x", 1000), "x")) {
      assertEquals("a".repeat(100), lines.next());
      assertNull(lines.next());
    }
  }
}
