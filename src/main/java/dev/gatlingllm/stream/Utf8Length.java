package dev.gatlingllm.stream;

/** UTF-8 lengths of text without encoding it: the output bound counts every token's text. */
final class Utf8Length {
  private Utf8Length() {}

  /**
   * The number of bytes {@code text} takes in UTF-8 (an unpaired surrogate counts as the 3 bytes of
   * U+FFFD).
   */
  static long length(CharSequence text) {
    long bytes = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
