package dev.gatlingllm.api.json;

import java.nio.charset.StandardCharsets;

/** Short one-line excerpts of event data and error bodies, for KO messages. */
public final class Excerpts {
  /**
   * Far more than a KO message shows ({@code RequestOutcome.MAX_MESSAGE_CHARS}): the message is redacted and
   * only then cut, so a secret echoed in the text must reach the redactor whole.
   */
  public static final int EXCERPT_CHARS = 1024;

  private Excerpts() {}

  /** The start of some UTF-8 bytes as one line of at most {@value #EXCERPT_CHARS} chars, for messages. */
  public static String excerpt(byte[] utf8, int length) {
    // 4 bytes per char is the worst case, so this many bytes always decode to enough chars.
    int decoded = Math.min(length, EXCERPT_CHARS * 4);
    String text = new String(utf8, 0, decoded, StandardCharsets.UTF_8);
    return oneLine(cut(text, EXCERPT_CHARS)) + (decoded < length || text.length() > EXCERPT_CHARS ? "..." : "");
  }

  /** {@code text} shortened to {@code maxChars} (without splitting a surrogate pair) and put on one line. */
  public static String shorten(String text, int maxChars) {
    return oneLine(cut(text, maxChars)) + (text.length() > maxChars ? "..." : "");
  }

  private static String cut(String text, int maxChars) {
    if (text.length() <= maxChars) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
    return text.substring(0, end);
  }

  /** Line breaks and tabs become spaces so that a message stays on one log line. */
  private static String oneLine(String text) {
    return text.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
  }
}
