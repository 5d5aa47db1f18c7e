package dev.gatlingllm.workload;

import dev.gatlingllm.metrics.aggregate.RateBudget;
import java.util.ArrayDeque;

/**
 * Hands out send times so that a provider's budget is never exceeded over any minute: at most
 * {@code requestsPerMinute} requests and {@code tokensPerMinute} metered tokens (input + max output, as
 * providers count a request when it arrives) in every window of 60 s, whichever limit binds first.
 *
 * <p>Requests are spaced evenly (60 s / rpm, or their tokens x 60 s / tpm, the longer) rather than sent in a burst
 * at the start of each minute, as providers that meter per second or per few seconds expect; a sliding log of the
 * last minute's sends then guarantees the per-minute bounds whatever the spacing lets through. Each reservation
 * is a time, not a wait: the caller pauses until it (a Gatling pause), so no thread ever blocks here. Thread-safe;
 * memory is bounded by the sends of one minute.
 */
public final class RatePacer {
  static final long MINUTE_NANOS = 60_000_000_000L;

  private final RateBudget budget;
  /** Sends of the last minute, oldest first: {send time, tokens}. */
  private final ArrayDeque<long[]> lastMinute = new ArrayDeque<>();
  private long tokensInLastMinute;
  private long nextNanos = Long.MIN_VALUE;

  public RatePacer(RateBudget budget) {
    this.budget = budget;
  }

  public RateBudget budget() {
    return budget;
  }

  /**
   * Reserves the earliest send time, at or after {@code nowNanos}, at which a request of {@code tokens} metered
   * tokens keeps every minute within the budget.
   *
   * @param nowNanos {@link System#nanoTime()} now
   * @param tokens the request's input tokens plus its output limit
   * @return the reserved {@link System#nanoTime()} to send at
   * @throws IllegalArgumentException when one request alone exceeds the tokens-per-minute budget
   */
  public synchronized long reserve(long nowNanos, long tokens) {
    long tpm = budget.tokensPerMinute();
    if (tpm > 0 && tokens > tpm) {
      throw new IllegalArgumentException("one request meters " + tokens + " tokens, more than the budget of " + tpm
          + " tokens per minute");
    }
    long slot = nextNanos == Long.MIN_VALUE ? nowNanos : Math.max(nowNanos, nextNanos);
    forgetBefore(slot);
    while (!fits(tokens)) {
      // Wait until the oldest send of the window leaves it, then look again.
      slot = Math.max(slot, lastMinute.peekFirst()[0] + MINUTE_NANOS);
      forgetBefore(slot);
    }
    lastMinute.addLast(new long[] {slot, tokens});
    tokensInLastMinute += tokens;
    nextNanos = slot + spacing(tokens);
    return slot;
  }

  /** The even spacing after a request of {@code tokens}: the longer of the two budgets' shares of a minute. */
  long spacing(long tokens) {
    long byRequests = budget.requestsPerMinute() > 0 ? ceilDiv(MINUTE_NANOS, budget.requestsPerMinute()) : 0;
    long byTokens = budget.tokensPerMinute() > 0
        ? (long) Math.ceil((double) tokens * MINUTE_NANOS / budget.tokensPerMinute()) : 0;
    return Math.max(byRequests, byTokens);
  }

  private boolean fits(long tokens) {
    boolean requests = budget.requestsPerMinute() <= 0 || lastMinute.size() < budget.requestsPerMinute();
    boolean metered = budget.tokensPerMinute() <= 0 || tokensInLastMinute + tokens <= budget.tokensPerMinute();
    return requests && metered;
  }

  /** Drops the sends that a window ending at {@code slot} no longer holds: (slot - 60 s, slot]. */
  private void forgetBefore(long slot) {
    while (!lastMinute.isEmpty() && lastMinute.peekFirst()[0] <= slot - MINUTE_NANOS) {
      tokensInLastMinute -= lastMinute.pollFirst()[1];
    }
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
