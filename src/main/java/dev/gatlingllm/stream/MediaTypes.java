package dev.gatlingllm.stream;

import java.util.List;
import java.util.Locale;

/** Matching a response's {@code Content-Type} against the media types a dialect expects. */
public final class MediaTypes {
  private MediaTypes() {}

  /**
   * True when {@code contentType}'s media type (its parameters, e.g. {@code charset}, aside; case
   * ignored) is one of {@code expected}. A missing header matches nothing.
   */
  public static boolean matches(String contentType, List<String> expected) {
    if (contentType == null) {
      return false;
    }
    int semicolon = contentType.indexOf(';');
    String mediaType =
        (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
            .strip()
            .toLowerCase(Locale.ROOT);
    for (String type : expected) {
      if (mediaType.equals(type)) {
        return true;
      }
    }
    return false;
  }
}
