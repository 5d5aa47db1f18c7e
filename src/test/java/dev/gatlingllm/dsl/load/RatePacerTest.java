package dev.gatlingllm.dsl.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.dsl.ready.TargetProbe;
import dev.gatlingllm.values.RateBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Send times planned and sends judged for given times: the clock is the test's. */
class RatePacerTest {
  private static final long S = 1_000_000_000L;
  private static final long MINUTE = 60 * S;

  /** Windows of exactly a minute, without the margin: the plan's arithmetic alone. */
  private static RatePacer withoutMargin(RateBudget budget) {
    return new RatePacer(budget, RatePacer.MINUTE, Duration.ZERO);
  }

  @Test
  void aBurstOfArrivalsIsSpreadEvenlyOverTheMinute() {
    RatePacer pacer = withoutMargin(new RateBudget(120, 0));
    for (int i = 0; i < 20; i++) {
      assertEquals(i * S / 2, pacer.reserve(0, 100), "request " + i);
    }
  }

  @Test
  void arrivalsSlowerThanTheBudgetAreSentAtOnce() {
    RatePacer pacer = withoutMargin(new RateBudget(120, 0));
    for (int i = 0; i < 5; i++) {
      assertEquals(7 + i * S, pacer.reserve(7 + i * S, 100));
    }
  }

  @Test
  void aTokenBudgetWaitsForTheLastMinutesTokensToLeave() {
    RatePacer pacer = withoutMargin(new RateBudget(0, 100));
    assertEquals(0, pacer.reserve(0, 60));
    // After 60 of 100 tokens, the spacing is 60 % of a minute.
    assertEquals(36 * S, pacer.reserve(0, 10));
    // 60 + 10 + 60 > 100 in (-18 s, 42 s]: the first request must leave the window, at 60 s.
    assertEquals(60 * S, pacer.reserve(0, 60));
  }

  @Test
  void noMinuteEverHoldsMoreThanTheBudgetWhateverTheArrivals() {
    RateBudget budget = new RateBudget(50, 20_000);
    RatePacer pacer = withoutMargin(budget);
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
      for (int i = end; i >= 0 && sends.get(i)[0] > sends.get(end)[0] - MINUTE; i--) {
        requests++;
        tokens += sends.get(i)[1];
      }
      assertTrue(
          requests <= budget.requestsPerMinute(),
          requests + " requests in the minute to send " + end);
      assertTrue(
          tokens <= budget.tokensPerMinute(), tokens + " tokens in the minute to send " + end);
    }
  }

  @Test
  void oneRequestAboveTheTokenBudgetIsRefusedNamingBoth() {
    RatePacer pacer = new RatePacer(new RateBudget(0, 1_000));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> pacer.reserve(0, 1_001));
    assertEquals(
        "one request meters 1001 tokens, more than the budget of 1000 tokens per minute",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> pacer.trySend(0, 1_001));
    assertThrows(
        IllegalArgumentException.class,
        () -> RateLimits.of(new RateBudget(0, 1_000), Duration.ofSeconds(10), 1_001));
  }

  @Test
  void theArrivalRateIsWhatTheTighterBudgetAllows() {
    assertEquals(
        2.0,
        exactMinute(RateLimits.of(new RateBudget(120, 0), Duration.ofSeconds(10), 160))
            .arrivalRate(),
        1e-12);
    // 48,000 tokens per minute of 160-token requests: 300 per minute, but only 120 requests per
    // minute.
    assertEquals(
        2.0,
        exactMinute(RateLimits.of(new RateBudget(120, 48_000), Duration.ofSeconds(10), 160))
            .arrivalRate(),
        1e-12);
    assertEquals(
        1.0,
        exactMinute(RateLimits.of(new RateBudget(120, 9_600), Duration.ofSeconds(10), 160))
            .arrivalRate(),
        1e-12);
  }

  private static RateLimits exactMinute(RateLimits limits) {
    return limits.margin(Duration.ZERO);
  }

  @Test
  void theMarginStretchesTheMinuteTheBudgetIsSpreadOver() {
    // 120 requests per 61 s: one every 508.33 ms, and arrivals at 120 / 61 per second.
    RatePacer pacer = new RatePacer(new RateBudget(120, 0));
    assertEquals(0, pacer.reserve(0, 100));
    assertEquals(508_333_334, pacer.reserve(0, 100));
    assertEquals(
        120 / 61.0,
        RateLimits.of(new RateBudget(120, 0), Duration.ofSeconds(10), 160).arrivalRate(),
        1e-12);
    assertEquals(
        3.0,
        RateLimits.of(new RateBudget(9, 0), Duration.ofSeconds(10), 160)
            .window(Duration.ofSeconds(2))
            .arrivalRate(),
        1e-12);
  }

  @Test
  void aSendLaterThanPlannedHoldsItsPlaceInTheWindowOfActualSends() {
    RatePacer pacer = withoutMargin(new RateBudget(4, 0));
    for (int i = 0; i < 4; i++) {
      assertEquals(i * 15 * S, pacer.reserve(0, 100), "one every 15 s");
    }
    // The first pause woke up 10 s late: the four sends went out at 10, 15, 30 and 45 s.
    assertEquals(0, pacer.trySend(10 * S, 100));
    for (int i = 1; i < 4; i++) {
      assertEquals(0, pacer.trySend(i * 15 * S, 100));
    }
    // Planned a minute after the first plan, but the minute of actual sends (0 s, 60 s] still holds
    // four: it waits until the late send has left the window, at 70 s, then goes.
    assertEquals(60 * S, pacer.reserve(0, 100));
    assertEquals(10 * S, pacer.trySend(60 * S, 100));
    assertEquals(1, pacer.trySend(70 * S - 1, 100));
    assertEquals(0, pacer.trySend(70 * S, 100));
  }

  /**
   * Requests arrive faster and slower than the budget; 1 in 10 pauses wakes up late by up to 3 s (a
   * cold JVM, a busy event loop, a refused send's wait too), the others within 5 ms; each request
   * reaches the provider up to the margin after it was sent. However late, no minute of arrivals at
   * the provider holds more than the budget.
   */
  @Test
  void noMinuteOfArrivalsHoldsMoreThanTheBudgetWhenSendsAreLate() {
    RateBudget budget = new RateBudget(50, 20_000);
    Duration margin = Duration.ofSeconds(1);
    RatePacer pacer = new RatePacer(budget, RatePacer.MINUTE, margin);
    SplittableRandom random = new SplittableRandom(7);
    // Plans, then attempts in time order: {time of the attempt, tokens, planned time}.
    PriorityQueue<long[]> attempts =
        new PriorityQueue<>(Comparator.comparingLong((long[] a) -> a[0]));
    long now = 0;
    long lastPlanned = 0;
    int requests = 2_000;
    for (int i = 0; i < requests; i++) {
      now += random.nextLong(0, 2 * S);
      long tokens = random.nextLong(1, 3_000);
      long planned = pacer.reserve(now, tokens);
      lastPlanned = Math.max(lastPlanned, planned);
      attempts.add(new long[] {planned + wakeUpLateness(random), tokens, planned});
    }
    List<long[]> arrivals = new ArrayList<>();
    while (!attempts.isEmpty()) {
      long[] attempt = attempts.poll();
      long wait = pacer.trySend(attempt[0], attempt[1]);
      if (wait == 0) {
        assertTrue(attempt[0] >= attempt[2], "never before its planned time");
        arrivals.add(new long[] {attempt[0] + random.nextLong(0, margin.toNanos()), attempt[1]});
      } else {
        assertTrue(wait > 0);
        attempts.add(
            new long[] {attempt[0] + wait + wakeUpLateness(random), attempt[1], attempt[2]});
      }
    }
    assertEquals(requests, arrivals.size(), "every request sent in the end");
    arrivals.sort(Comparator.comparingLong(a -> a[0]));
    long[] times = arrivals.stream().mapToLong(a -> a[0]).toArray();
    for (int end = 0; end < times.length; end++) {
      long requestsInMinute = 0;
      long tokens = 0;
      for (int i = end; i >= 0 && times[i] > times[end] - MINUTE; i--) {
        requestsInMinute++;
        tokens += arrivals.get(i)[1];
      }
      assertTrue(
          requestsInMinute <= budget.requestsPerMinute(),
          requestsInMinute + " requests in the minute to arrival " + end + " at " + times[end]);
      assertTrue(
          tokens <= budget.tokensPerMinute(), tokens + " tokens in the minute to arrival " + end);
    }
    // Waiting for the actual sends costs little beyond the plan: the last arrival within a few
    // seconds of it.
    long last = Arrays.stream(times).max().orElseThrow();
    assertTrue(
        last < lastPlanned + 5 * S,
        "the last arrival at " + last + ", the last plan at " + lastPlanned);
  }

  private static long wakeUpLateness(SplittableRandom random) {
    return random.nextInt(10) == 0 ? random.nextLong(0, 3 * S) : random.nextLong(0, 5_000_000);
  }

  /**
   * The target check is sent before the load and counted by the provider: the first minute has room
   * for one less.
   */
  @Test
  void theRequestSentBeforeTheLoadTakesItsPlaceInTheFirstMinute() {
    long t0 = 1_000_000_000_000L;
    long second = 1_000_000_000L;
    RateLimits limits =
        RateLimits.of(new RateBudget(2, 0), Duration.ofSeconds(60), 10).margin(Duration.ZERO);
    assertEquals(0, limits.pacer().trySend(t0 + second, 10));
    assertEquals(
        0, limits.pacer().trySend(t0 + 2 * second, 10), "without the check, two fit in the minute");

    RateLimits checked =
        RateLimits.of(new RateBudget(2, 0), Duration.ofSeconds(60), 10)
            .margin(Duration.ZERO)
            .sentBefore(t0, TargetProbe.METERED_TOKENS);
    assertEquals(0, checked.pacer().trySend(t0 + second, 10));
    assertEquals(
        58 * second,
        checked.pacer().trySend(t0 + 2 * second, 10),
        "the second waits until the check leaves the minute");
  }
}
