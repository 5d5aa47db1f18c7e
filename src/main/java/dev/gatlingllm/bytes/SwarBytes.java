package dev.gatlingllm.bytes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Searching bytes eight at a time: a byte array read as little-endian longs, and the classic bit
 * tricks that flag the bytes of a word equal to, or below, a value. The SSE decoder looks for line
 * ends and the JSON cursor for the end of strings this way: a loop that tests one byte at a time
 * costs several times more on the lines of text an LLM stream is made of.
 *
 * <p>A flag is the top bit of a flagged byte. Subtracting borrows from a flagged byte into the next
 * ones, so a byte after a flagged one may be flagged too, but never a byte before the first real
 * one: the lowest flag ({@link #firstFlagged}) is always exact.
 */
public final class SwarBytes {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGH_BITS = 0x8080808080808080L;

  private SwarBytes() {}

  /** The 8 bytes at {@code bytes[index]}, the first one in the lowest bits. */
  public static long read(byte[] bytes, int index) {
    return (long) LONGS.get(bytes, index);
  }

  /** {@code b} in each of the 8 bytes: the second argument of {@link #equalTo}. */
  public static long repeat(char b) {
    return ONES * (b & 0xFF);
  }

  /** Flags the bytes of {@code word} equal to the byte {@code repeated} holds ({@link #repeat}). */
  public static long equalTo(long word, long repeated) {
    long zeroWhereEqual = word ^ repeated;
    return (zeroWhereEqual - ONES) & ~zeroWhereEqual & HIGH_BITS;
  }

  /**
   * Flags the bytes of {@code word} below {@code limit} (at most 0x80), non-ASCII bytes excluded.
   */
  public static long below(long word, int limit) {
    return (word - ONES * limit) & ~word & HIGH_BITS;
  }

  /** Flags the non-ASCII bytes of {@code word}. */
  public static long nonAscii(long word) {
    return word & HIGH_BITS;
  }

  /** How many bytes come before the first flagged one; {@code flags} must not be 0. */
  public static int firstFlagged(long flags) {
    return Long.numberOfTrailingZeros(flags) >>> 3;
  }

  /** The first {@code count} bytes of {@code word} (0 to 7), the others zeroed. */
  public static long firstBytes(long word, int count) {
    return word & ((1L << (count << 3)) - 1);
  }
}
