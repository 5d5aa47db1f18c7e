package dev.gatlingllm.secrets;

/**
 * A text as searched for secrets: as it is, lower-cased, and with its escapes decoded ({@code %XX} of URL
 * encoding, backslash-u escapes and {@code \/} of JSON), each decoded character mapped back to where it came from so
 * that a match in the decoded text hides the escapes it was made of.
 *
 * @param raw the text
 * @param rawLower the text lower-cased char by char (same length)
 * @param decoded the text with its escapes decoded, or null when it has none
 * @param decodedLower {@code decoded} lower-cased, or null
 * @param starts for each decoded character, the index in {@code raw} where its escape starts; one more entry,
 *     {@code raw.length()}
 */
record DecodedText(String raw, String rawLower, String decoded, String decodedLower, int[] starts) {

  static DecodedText of(String raw) {
    String rawLower = lower(raw);
    if (raw.indexOf('%') < 0 && raw.indexOf('\\') < 0) {
      return new DecodedText(raw, rawLower, null, null, null);
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
    if (out.length() == raw.length()) {
      // Nothing was an escape: searching again would find the same.
      return new DecodedText(raw, rawLower, null, null, null);
    }
    String decoded = out.toString();
    return new DecodedText(raw, rawLower, decoded, lower(decoded), starts);
  }

  /** Where decoded character {@code index} (or the end, for {@code decoded.length()}) starts in the raw text. */
  int rawIndex(int index) {
    return starts[index];
  }

  /** Lower case char by char, so that indexes stay those of the text (unlike {@link String#toLowerCase}). */
  static String lower(String text) {
    char[] chars = text.toCharArray();
    for (int i = 0; i < chars.length; i++) {
      chars[i] = Character.toLowerCase(chars[i]);
    }
    return new String(chars);
  }

  /** The value of {@code digits} hex digits at {@code from}, or -1 when they are not all hex digits. */
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
