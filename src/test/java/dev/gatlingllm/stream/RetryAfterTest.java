package dev.gatlingllm.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RetryAfterTest {
  private static final long NOW = 1_445_412_480_000L; // Wed, 21 Oct 2015 07:28:00 GMT

  @Test
  void delaySecondsAndHttpDatesAreRead() {
    assertEquals(3, RetryAfter.seconds("3", NOW));
    assertEquals(0, RetryAfter.seconds(" 0 ", NOW));
    assertEquals(120, RetryAfter.seconds("Wed, 21 Oct 2015 07:30:00 GMT", NOW));
    assertEquals(
        0, RetryAfter.seconds("Wed, 21 Oct 2015 07:00:00 GMT", NOW), "a date in the past: now");
  }

  @Test
  void absentOrUnreadableIsMinusOne() {
    assertEquals(-1, RetryAfter.seconds(null, NOW));
    assertEquals(-1, RetryAfter.seconds("", NOW));
    assertEquals(-1, RetryAfter.seconds("soon", NOW));
    assertEquals(-1, RetryAfter.seconds("-5", NOW));
    assertEquals(-1, RetryAfter.seconds("99999999999999999999999", NOW));
  }
}
