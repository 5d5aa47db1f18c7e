package dev.gatlingllm.metrics.request;

/**
 * How a request ended: OK, or KO with a message a user can act on.
 *
 * <p>The message is one line of at most {@value #MAX_MESSAGE_CHARS} chars: Gatling's error table
 * and the report group requests by message, so a long or per-request message would push the real
 * causes into "(other messages)". Producers keep the varying numbers out of it (they live in
 * columns) and redact secrets before building it, since the cut here could split a secret.
 *
 * @param ok true for OK
 * @param httpStatus the response status, or 0 when no response arrived
 * @param message null when OK; otherwise why the request failed
 * @param retryAfterSeconds the server's {@code Retry-After} (429, 503), in seconds, or -1 when it
 *     sent none
 */
public record Verdict(boolean ok, int httpStatus, String message, long retryAfterSeconds) {
  /** The longest KO message kept, in chars, ellipsis included. */
  public static final int MAX_MESSAGE_CHARS = 200;

  /**
   * The message of a request still in flight when the run was stopped (SIGTERM, Ctrl-C, its parent
   * gone): it did not fail, it was cut off, so the report counts it apart ({@code aborted}), in no
   * success or failure figure.
   */
  public static final String ABORTED_MESSAGE = "aborted: run interrupted";

  public Verdict {
    message = bounded(message);
  }

  /** An outcome without Retry-After. */
  public Verdict(boolean ok, int httpStatus, String message) {
    this(ok, httpStatus, message, -1);
  }

  /** The same outcome with the server's Retry-After, in seconds (-1: none). */
  public Verdict withRetryAfter(long seconds) {
    return seconds == retryAfterSeconds ? this : new Verdict(ok, httpStatus, message, seconds);
  }

  public static Verdict ok(int httpStatus) {
    return new Verdict(true, httpStatus, null);
  }

  public static Verdict ko(int httpStatus, String message) {
    return new Verdict(false, httpStatus, message);
  }

  /**
   * A request cut off by the run's stop ({@link #ABORTED_MESSAGE}); {@code httpStatus} 0 when no
   * response came.
   */
  public static Verdict aborted(int httpStatus) {
    return ko(httpStatus, ABORTED_MESSAGE);
  }

  /**
   * Whether a KO with this message is a request cut off by the run's stop rather than a failure.
   */
  public static boolean isAborted(boolean ok, String message) {
    return !ok && ABORTED_MESSAGE.equals(message);
  }

  /**
   * {@code text} on one line (control characters become spaces), cut to {@link #MAX_MESSAGE_CHARS}
   * with "...".
   */
  static String bounded(String text) {
    if (text == null) {
      return null;
    }
    boolean longer = text.length() > MAX_MESSAGE_CHARS;
    int end = longer ? MAX_MESSAGE_CHARS - 3 : text.length();
    if (longer && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // never half a character
    }
    StringBuilder line = null;
    for (int i = 0; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        if (line == null) {
          line = new StringBuilder(end + 3).append(text, 0, i);
        }
        line.append(' ');
      } else if (line != null) {
        line.append(c);
      }
    }
    if (line == null) {
      return longer ? text.substring(0, end) + "..." : text;
    }
    return longer ? line.append("...").toString() : line.toString();
  }
}
