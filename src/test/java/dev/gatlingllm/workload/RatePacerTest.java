package dev.gatlingllm.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.aggregate.RateBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Send times handed out for given arrival times: no clock involved. */
class RatePacerTest {
  private static final long S = 1_000_000_000L;

  @Test
  void aBurstOfArrivalsIsSpreadEvenlyOverTheMinute() {
    RatePacer pacer = new RatePacer(new RateBudget(120, 0));
    for (int i = 0; i < 20; i++) {
      assertEquals(i * S / 2, pacer.reserve(0, 100), "request " + i);
    }
  }

  @Test
  void arrivalsSlowerThanTheBudgetAreSentAtOnce() {
    RatePacer pacer = new RatePacer(new RateBudget(120, 0));
    for (int i = 0; i < 5; i++) {
      assertEquals(7 + i * S, pacer.reserve(7 + i * S, 100));
    }
  }

  @Test
  void aTokenBudgetWaitsForTheLastMinutesTokensToLeave() {
    RatePacer pacer = new RatePacer(new RateBudget(0, 100));
    assertEquals(0, pacer.reserve(0, 60));
    // After 60 of 100 tokens, the spacing is 60 % of a minute.
    assertEquals(36 * S, pacer.reserve(0, 10));
    // 60 + 10 + 60 > 100 in (-18 s, 42 s]: the first request must leave the window, at 60 s.
    assertEquals(60 * S, pacer.reserve(0, 60));
  }

  @Test
  void noMinuteEverHoldsMoreThanTheBudgetWhateverTheArrivals() {
    RateBudget budget = new RateBudget(50, 20_000);
    RatePacer pacer = new RatePacer(budget);
    SplittableRandom random = new SplittableRandom(42);
    List<long[]> sends = new ArrayList<>();
    long now = 0;
    for (int i = 0; i < 2_000; i++) {
      now += random.nextLong(0, 2 * S); // arrivals faster and slower than the budget
      long tokens = random.nextLong(1, 3_000);
      long slot = pacer.reserve(now, tokens);
      assertTrue(slot >= now, "never before the arrival");
      sends.add(new long[] {slot, tokens});
    }
    // The fullest windows end at a send: check the minute ending at every send.
    for (int end = 0; end < sends.size(); end++) {
      long requests = 0;
      long tokens = 0;
      for (int i = end; i >= 0 && sends.get(i)[0] > sends.get(end)[0] - RatePacer.MINUTE_NANOS; i--) {
        requests++;
        tokens += sends.get(i)[1];
      }
      assertTrue(requests <= budget.requestsPerMinute(), requests + " requests in the minute to send " + end);
      assertTrue(tokens <= budget.tokensPerMinute(), tokens + " tokens in the minute to send " + end);
    }
  }

  @Test
  void oneRequestAboveTheTokenBudgetIsRefusedNamingBoth() {
    RatePacer pacer = new RatePacer(new RateBudget(0, 1_000));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pacer.reserve(0, 1_001));
    assertEquals("one request meters 1001 tokens, more than the budget of 1000 tokens per minute", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RateLimits.of(new RateBudget(0, 1_000),
        java.time.Duration.ofSeconds(10), 1_001));
  }

  @Test
  void theArrivalRateIsWhatTheTighterBudgetAllows() {
    assertEquals(2.0, RateLimits.of(new RateBudget(120, 0), java.time.Duration.ofSeconds(10), 160).arrivalRate(), 1e-12);
    // 48,000 tokens per minute of 160-token requests: 300 per minute, but only 120 requests per minute.
    assertEquals(2.0, RateLimits.of(new RateBudget(120, 48_000), java.time.Duration.ofSeconds(10), 160).arrivalRate(),
        1e-12);
    assertEquals(1.0, RateLimits.of(new RateBudget(120, 9_600), java.time.Duration.ofSeconds(10), 160).arrivalRate(),
        1e-12);
  }
}
