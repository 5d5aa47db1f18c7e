package dev.gatlingllm.api;

import dev.gatlingllm.values.OutputKind;
import java.util.Arrays;

/**
 * The pieces of the event being read, in stream order, each a kind and its text, held until the
 * event ends. Reused event after event: it grows only past the largest event so far, and clearing
 * drops the texts, so that a long-lived reader keeps no output alive. Not thread-safe: one per
 * stream.
 */
public final class OutputPieces {
  private OutputKind[] kinds;
  private String[] texts;
  private int size;

  public OutputPieces(int initialCapacity) {
    kinds = new OutputKind[initialCapacity];
    texts = new String[initialCapacity];
  }

  /**
   * Adds a piece; {@code kind} may be null where the holder marks something other than output with
   * it.
   */
  public void add(OutputKind kind, String text) {
    if (size == kinds.length) {
      kinds = Arrays.copyOf(kinds, size * 2);
      texts = Arrays.copyOf(texts, size * 2);
    }
    kinds[size] = kind;
    texts[size] = text;
    size++;
  }

  public int size() {
    return size;
  }

  public OutputKind kind(int index) {
    return kinds[index];
  }

  public String text(int index) {
    return texts[index];
  }

  /** Forgets every piece, and with it every text. */
  public void clear() {
    Arrays.fill(texts, 0, size, null);
    size = 0;
  }
}
