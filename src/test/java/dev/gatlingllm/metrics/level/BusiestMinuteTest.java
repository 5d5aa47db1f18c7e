package dev.gatlingllm.metrics.level;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The most requests and metered tokens within 60 consecutive seconds, where the average hides a
 * burst.
 */
class BusiestMinuteTest {
  private static final long T0 = 1_700_000_000_000L;

  @Test
  void aBurstShowsWhereTheAverageDoesNot() {
    BusiestMinute minute = new BusiestMinute();
    // 10 minutes: one request a minute, and a burst of 30 within 5 s in minute 4.
    for (int m = 0; m < 10; m++) {
      minute.add(T0 + m * 60_000L, 100);
    }
    for (int i = 0; i < 30; i++) {
      minute.add(T0 + 4 * 60_000L + 10_000 + i * 150L, 200);
    }
    // The burst (30) and the one request of minute 4 at its start, 10 s before: 31 within 60 s.
    assertEquals(31, minute.requests());
    assertEquals(30 * 200 + 100, minute.meteredTokens());
  }

  @Test
  void sixtySecondsApartAreTwoMinutesFiftyNineAreOne() {
    BusiestMinute apart = new BusiestMinute();
    apart.add(T0, 1);
    apart.add(T0 + 60_000, 1);
    assertEquals(1, apart.requests(), "seconds 0 and 60 are in no window of 60 s together");
    BusiestMinute within = new BusiestMinute();
    within.add(T0, 1);
    within.add(T0 + 59_999, 1);
    assertEquals(2, within.requests());
  }

  @Test
  void partsMergeIntoTheWhole() {
    BusiestMinute even = new BusiestMinute();
    BusiestMinute odd = new BusiestMinute();
    BusiestMinute whole = new BusiestMinute();
    for (int i = 0; i < 200; i++) {
      long at = T0 + i * 700L;
      (i % 2 == 0 ? even : odd).add(at, i);
      whole.add(at, i);
    }
    BusiestMinute merged = new BusiestMinute();
    merged.addAll(odd);
    merged.addAll(even);
    assertEquals(whole.requests(), merged.requests());
    assertEquals(whole.meteredTokens(), merged.meteredTokens());
    assertEquals(86, whole.requests(), "a request every 0.7 s: 86 in 60 s (whole seconds)");
    assertEquals(0, new BusiestMinute().requests(), "no request, no peak");
  }
}
