package dev.gatlingllm.bytes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time searches against a byte-by-byte search, on random words rich in the bytes they
 * look for.
 */
class WordsTest {
  private static final byte[] CANDIDATES = {
    '"',
    '\\',
    '\n',
    '\r',
    0,
    1,
    0x1f,
    0x20,
    0x21,
    0x7f,
    (byte) 0x80,
    (byte) 0xa2,
    (byte) 0xdc,
    (byte) 0xff,
    'a'
  };

  @Test
  void theFirstFlaggedByteIsTheFirstMatchingByte() {
    Random random = new Random(5);
    byte[] bytes = new byte[8];
    int withMatch = 0;
    for (int n = 0; n < 200_000; n++) {
      for (int i = 0; i < 8; i++) {
        bytes[i] =
            random.nextBoolean()
                ? CANDIDATES[random.nextInt(CANDIDATES.length)]
                : (byte) random.nextInt(256);
      }
      long word = SwarBytes.read(bytes, 0);
      int firstQuote = first(bytes, b -> b == '"');
      int firstBelow20 = first(bytes, b -> b >= 0 && b < 0x20);
      int firstNonAscii = first(bytes, b -> b < 0);
      assertEquals(firstQuote, firstFlagged(SwarBytes.equalTo(word, SwarBytes.repeat('"'))));
      assertEquals(firstBelow20, firstFlagged(SwarBytes.below(word, 0x20)));
      assertEquals(firstNonAscii, firstFlagged(SwarBytes.nonAscii(word)));
      withMatch += firstQuote < 8 ? 1 : 0;
    }
    assertTrue(withMatch > 10_000 && withMatch < 190_000, "both cases exercised: " + withMatch);
  }

  @Test
  void wordsAreReadFirstByteLowestAndCut() {
    byte[] bytes = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    assertEquals(0x0908070605040302L, SwarBytes.read(bytes, 1));
    assertEquals(0x030201L, SwarBytes.firstBytes(SwarBytes.read(bytes, 0), 3));
    assertEquals(0L, SwarBytes.firstBytes(SwarBytes.read(bytes, 0), 0));
  }

  private interface BytePredicate {
    boolean test(byte b);
  }

  private static int first(byte[] bytes, BytePredicate predicate) {
    for (int i = 0; i < bytes.length; i++) {
      if (predicate.test(bytes[i])) {
        return i;
      }
    }
    return 8;
  }

  private static int firstFlagged(long flags) {
    return flags == 0 ? 8 : SwarBytes.firstFlagged(flags);
  }
}
