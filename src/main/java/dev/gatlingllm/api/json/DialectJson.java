package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;

/**
 * Jackson plumbing shared by the dialects (the OpenAI ones and those reusing its helpers): one
 * mapper and factory per JVM, and small text helpers for messages.
 */
public final class DialectJson {
  /**
   * Thread-safe once configured; creating parsers and generators from it is cheap, creating it is
   * not.
   */
  public static final ObjectMapper MAPPER = new ObjectMapper();

  public static final JsonFactory FACTORY = MAPPER.getFactory();

  /**
   * Far more than a KO message shows ({@code Verdict.MAX_MESSAGE_CHARS}): the message is redacted
   * and only then cut, so a secret echoed in the text must reach the redactor whole.
   */
  public static final int EXCERPT_CHARS = 1024;

  private DialectJson() {}

  /**
   * The start of the UTF-8 bytes {@code utf8[offset, offset + length)} as one line of at most
   * {@value #EXCERPT_CHARS} chars, for messages.
   */
  public static String excerpt(byte[] utf8, int offset, int length) {
    // 4 bytes per char is the worst case, so this many bytes always decode to enough chars.
    int decoded = Math.min(length, EXCERPT_CHARS * 4);
    return excerpt(new String(utf8, offset, decoded, StandardCharsets.UTF_8), decoded < length);
  }

  /**
   * {@code text} shortened to {@code maxChars} (without splitting a surrogate pair) and put on one
   * line.
   */
  public static String shorten(String text, int maxChars) {
    return oneLine(cut(text, maxChars)) + (text.length() > maxChars ? "..." : "");
  }

  private static String excerpt(String text, boolean moreBytes) {
    return oneLine(cut(text, EXCERPT_CHARS))
        + (moreBytes || text.length() > EXCERPT_CHARS ? "..." : "");
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
