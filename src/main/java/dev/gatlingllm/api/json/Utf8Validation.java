package dev.gatlingllm.api.json;

/** UTF-8 well-formedness, as the Unicode standard defines it (table 3-7). */
final class Utf8Validation {
  private Utf8Validation() {}

  /**
   * True when {@code bytes[from, to)} is well-formed UTF-8: no stray continuation byte, no
   * truncated sequence, no overlong form, no encoded surrogate, nothing above U+10FFFF.
   */
  static boolean isWellFormed(byte[] bytes, int from, int to) {
    int i = from;
    while (i < to) {
      int b = bytes[i];
      if (b >= 0) {
        i++;
        continue;
      }
      int lead = b & 0xFF;
      int length;
      int secondMin = 0x80;
      int secondMax = 0xBF;
      if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
      } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) {
          secondMin = 0xA0; // below: overlong
        } else if (lead == 0xED) {
          secondMax = 0x9F; // above: a surrogate
        }
      } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) {
          secondMin = 0x90; // below: overlong
        } else if (lead == 0xF4) {
          secondMax = 0x8F; // above: beyond U+10FFFF
        }
      } else {
        return false; // a continuation byte first, C0/C1 (overlong) or F5-FF
      }
      if (to - i < length) {
        return false;
      }
      int second = bytes[i + 1] & 0xFF;
      if (second < secondMin || second > secondMax) {
        return false;
      }
      for (int k = 2; k < length; k++) {
        if ((bytes[i + k] & 0xC0) != 0x80) {
          return false;
        }
      }
      i += length;
    }
    return true;
  }
}
