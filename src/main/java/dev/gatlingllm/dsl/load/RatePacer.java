package dev.gatlingllm.dsl.load;

import dev.gatlingllm.values.RateBudget;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Paces requests so that a provider's budget holds as the provider counts it: at most {@code
 * requestsPerMinute} requests and {@code tokensPerMinute} metered tokens (input + max output, as
 * providers count a request when it arrives) in every window of a minute of arrivals, whichever
 * limit binds first.
 *
 * <p>Two steps per request, neither of which blocks a thread (the caller pauses, a Gatling pause):
 *
 * <ol>
 *   <li>{@link #reserve} plans a send time. Requests are spaced evenly (the window over the
 *       requests per minute, or their tokens' share of the window, the longer) rather than sent in
 *       a burst at the start of each minute, as providers that meter per second or per few seconds
 *       expect; a sliding log of the planned sends keeps every window of the plan within the
 *       budget.
 *   <li>{@link #trySend} judges the actual send. A plan is not a send: a pause wakes up late on a
 *       busy event loop or a cold JVM, so two requests planned a minute apart can go out less than
 *       a minute apart. The actual sends have their own sliding log; a send that would overfill one
 *       of its windows is refused with the wait until the oldest sends have left it, so the budget
 *       holds on what was really sent.
 * </ol>
 *
 * <p>A request reaches the provider some time after it is sent (a new connection, the network), and
 * that delay varies: every window is judged over the minute plus a {@code margin} (1 s by default),
 * which leaves the budget that much room for the variation. Requests are thus paced at the budget
 * per 61 s. Thread-safe; memory is bounded by the sends of one window.
 */
public final class RatePacer {
  /** The window providers count their per-minute limits over. */
  public static final Duration MINUTE = Duration.ofSeconds(60);

  /**
   * The room left by default for the variation of the delay between a send and its arrival at the
   * provider.
   */
  public static final Duration DEFAULT_MARGIN = Duration.ofSeconds(1);

  private final RateBudget budget;

  /** The window plus the margin: the span every window is judged over. */
  private final long spanNanos;

  private final SendLog planned = new SendLog();
  private final SendLog sent = new SendLog();
  private long nextNanos = Long.MIN_VALUE;
  private long lastSentNanos = Long.MIN_VALUE;

  /** A pacer counting over a minute, with the default margin. */
  public RatePacer(RateBudget budget) {
    this(budget, MINUTE, DEFAULT_MARGIN);
  }

  /**
   * @param window the span the budget is counted over: a minute for providers' per-minute limits;
   *     shorter only to test the pacing in seconds
   * @param margin room for the variation of the delay between a send and its arrival at the
   *     provider
   */
  public RatePacer(RateBudget budget, Duration window, Duration margin) {
    if (window == null || window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException("the rate window must be positive, was " + window);
    }
    if (margin == null || margin.isNegative()) {
      throw new IllegalArgumentException("the rate margin must be >= 0, was " + margin);
    }
    this.budget = budget;
    this.spanNanos = window.plus(margin).toNanos();
  }

  public RateBudget budget() {
    return budget;
  }

  /**
   * Plans the earliest send time, at or after {@code nowNanos}, at which a request of {@code
   * tokens} metered tokens keeps every window of the planned sends within the budget.
   *
   * @param nowNanos {@link System#nanoTime()} now
   * @param tokens the request's input tokens plus its output limit
   * @return the {@link System#nanoTime()} to send at, then to call {@link #trySend} at
   * @throws IllegalArgumentException when one request alone exceeds the tokens-per-minute budget
   */
  public synchronized long reserve(long nowNanos, long tokens) {
    checkFits(tokens);
    long slot = nextNanos == Long.MIN_VALUE ? nowNanos : Math.max(nowNanos, nextNanos);
    slot = planned.earliestRoom(slot, tokens);
    planned.add(slot, tokens);
    nextNanos = slot + spacing(tokens);
    return slot;
  }

  /**
   * The request is about to be sent: records the send at {@code nowNanos} when every window of the
   * actual sends keeps within the budget with it, else records nothing and says how long to wait
   * before asking again.
   *
   * @param nowNanos {@link System#nanoTime()} now, at or after the time {@link #reserve} planned
   * @param tokens the request's metered tokens, as reserved
   * @return 0 when the send is recorded (send now), else the nanoseconds to wait before calling
   *     again
   */
  public synchronized long trySend(long nowNanos, long tokens) {
    checkFits(tokens);
    // A caller that waited for the lock may carry a clock read just before another's: keep the log
    // in order.
    long at = Math.max(nowNanos, lastSentNanos);
    long room = sent.earliestRoom(at, tokens);
    if (room > at) {
      return room - nowNanos;
    }
    sent.add(at, tokens);
    lastSentNanos = at;
    return 0;
  }

  private void checkFits(long tokens) {
    long tpm = budget.tokensPerMinute();
    if (tpm > 0 && tokens > tpm) {
      throw new IllegalArgumentException(
          "one request meters "
              + tokens
              + " tokens, more than the budget of "
              + tpm
              + " tokens per minute");
    }
  }

  /**
   * The even spacing after a request of {@code tokens}: the longer of the two budgets' shares of
   * the span.
   */
  long spacing(long tokens) {
    long byRequests =
        budget.requestsPerMinute() > 0 ? ceilDiv(spanNanos, budget.requestsPerMinute()) : 0;
    long byTokens =
        budget.tokensPerMinute() > 0
            ? (long) Math.ceil((double) tokens * spanNanos / budget.tokensPerMinute())
            : 0;
    return Math.max(byRequests, byTokens);
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  /** Sends (planned or actual) of the last span, oldest first, and their tokens. */
  private final class SendLog {
    /** {time, tokens}, in time order. */
    private final ArrayDeque<long[]> sends = new ArrayDeque<>();

    private long tokens;

    void add(long nanos, long meteredTokens) {
      sends.addLast(new long[] {nanos, meteredTokens});
      tokens += meteredTokens;
    }

    /**
     * The earliest time, at or after {@code at}, at which the window ending then, (t - span, t],
     * leaves room for one more request of {@code meteredTokens}: when the oldest sends that fill it
     * have left.
     */
    long earliestRoom(long at, long meteredTokens) {
      while (!sends.isEmpty() && sends.peekFirst()[0] <= at - spanNanos) {
        tokens -= sends.pollFirst()[1];
      }
      long requestsLeft = sends.size();
      long tokensLeft = tokens;
      long room = at;
      Iterator<long[]> oldestFirst = sends.iterator();
      while (!fits(requestsLeft, tokensLeft, meteredTokens)) {
        long[] leaving = oldestFirst.next();
        requestsLeft--;
        tokensLeft -= leaving[1];
        room = Math.max(room, leaving[0] + spanNanos);
      }
      return room;
    }

    private boolean fits(long requests, long tokensInWindow, long meteredTokens) {
      boolean byRequests = budget.requestsPerMinute() <= 0 || requests < budget.requestsPerMinute();
      boolean byTokens =
          budget.tokensPerMinute() <= 0
              || tokensInWindow + meteredTokens <= budget.tokensPerMinute();
      return byRequests && byTokens;
    }
  }
}
