package dev.gatlingllm.stream;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Reads an HTTP {@code Retry-After} header (RFC 9110): delay-seconds or an HTTP-date. A
 * rate-limited run needs it to tell "slow down for 2 s" from "come back in an hour".
 */
final class RetryAfter {
  private RetryAfter() {}

  /**
   * The delay in whole seconds (an HTTP-date counts from {@code nowEpochMillis}, rounded up, never
   * below 0), or -1 when the header is absent or unreadable.
   */
  static long seconds(String header, long nowEpochMillis) {
    if (header == null || header.isBlank()) {
      return -1;
    }
    String value = header.strip();
    if (value.chars().allMatch(Character::isDigit)) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException tooLong) {
        return -1;
      }
    }
    try {
      long at =
          ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
              .toInstant()
              .toEpochMilli();
      return Math.max(0, Math.floorDiv(at - nowEpochMillis + 999, 1000));
    } catch (DateTimeParseException e) {
      return -1;
    }
  }
}
