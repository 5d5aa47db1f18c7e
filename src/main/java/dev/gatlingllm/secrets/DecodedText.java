package dev.gatlingllm.secrets;

import java.util.Locale;

/**
 * A text as searched for secrets: as it is, and, when it holds escapes ({@code %XX} of URL
 * encoding, backslash-u escapes and {@code \/} of JSON), decoded and lower-cased, each decoded
 * character mapped back to where it came from so that a match in the decoded text hides the escapes
 * it was made of. Most texts hold no escape: they are searched as they are, without a copy.
 *
 * @param raw the text
 * @param decoded the text with its escapes decoded, or null when it has none
 * @param decodedLower {@code decoded} lower-cased char by char (same length), or null
 * @param starts for each decoded character, the index in {@code raw} where its escape starts; one
 *     more entry, {@code raw.length()}; null when there is no decoded text
 * @param longestBlob the longest run of characters that base64 or its escapes are made of: no
 *     base64 form longer than this can be in the text, which spares most texts (prose, short
 *     messages) that search
 */
record DecodedText(String raw, String decoded, String decodedLower, int[] starts, int longestBlob) {
  /** The characters of base64 (both alphabets) and of the escapes of its characters. */
  private static final boolean[] BLOB = new boolean[128];

  static {
    for (char c :
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_%\\".toCharArray()) {
      BLOB[c] = true;
    }
  }

  static DecodedText of(String raw) {
    int longestBlob = 0;
    int blob = 0;
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      blob = c < 128 && BLOB[c] ? blob + 1 : 0;
      longestBlob = Math.max(longestBlob, blob);
    }
    if (!hasEscape(raw)) {
      return new DecodedText(raw, null, null, null, longestBlob);
    }
    StringBuilder out = new StringBuilder(raw.length());
    int[] starts = new int[raw.length() + 1];
    int i = 0;
    while (i < raw.length()) {
      starts[out.length()] = i;
      char c = raw.charAt(i);
      int escaped = -1;
      int length = 1;
      if (c == '%' && i + 2 < raw.length()) {
        escaped = hex(raw, i + 1, 2);
        length = 3;
      } else if (c == '\\' && i + 5 < raw.length() && raw.charAt(i + 1) == 'u') {
        escaped = hex(raw, i + 2, 4);
        length = 6;
      } else if (c == '\\' && i + 1 < raw.length() && raw.charAt(i + 1) == '/') {
        escaped = '/';
        length = 2;
      }
      // Only ASCII from %XX: a multi-byte UTF-8 sequence is left as it is.
      if (escaped >= 0 && (length != 3 || escaped < 0x80)) {
        out.append((char) escaped);
        i += length;
      } else {
        out.append(c);
        i++;
      }
    }
    starts[out.length()] = raw.length();
    String decoded = out.toString();
    return new DecodedText(raw, decoded, lower(decoded), starts, longestBlob);
  }

  /**
   * Where decoded character {@code index} (or the end, for {@code decoded.length()}) starts in the
   * raw text.
   */
  int rawIndex(int index) {
    return starts[index];
  }

  /** Whether the text holds a {@code %XX} or backslash escape. */
  private static boolean hasEscape(String raw) {
    for (int at = raw.indexOf('%');
        at >= 0 && at + 2 < raw.length();
        at = raw.indexOf('%', at + 1)) {
      if (hex(raw, at + 1, 2) >= 0) {
        return true;
      }
    }
    for (int at = raw.indexOf('\\');
        at >= 0 && at + 1 < raw.length();
        at = raw.indexOf('\\', at + 1)) {
      char next = raw.charAt(at + 1);
      if (next == '/' || next == 'u' && at + 5 < raw.length() && hex(raw, at + 2, 4) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Lower case with the indexes of the text: {@link String#toLowerCase} (fast for Latin-1 text)
   * unless it changed the length (a character such as {@code İ} becomes two), then char by char.
   */
  static String lower(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.length() == text.length()) {
      return lower;
    }
    char[] chars = text.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      chars[i] = Character.toLowerCase(chars[i]);
    }
    return new String(chars);
  }

  /**
   * The value of {@code digits} hex digits at {@code from}, or -1 when they are not all hex digits.
   */
  private static int hex(String text, int from, int digits) {
    int value = 0;
    for (int i = from; i < from + digits; i++) {
      int digit = Character.digit(text.charAt(i), 16);
      if (digit < 0) {
        return -1;
      }
      value = value * 16 + digit;
    }
    return value;
  }
}
