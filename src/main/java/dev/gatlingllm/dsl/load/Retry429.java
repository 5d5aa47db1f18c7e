package dev.gatlingllm.dsl.load;

import static io.gatling.javaapi.core.CoreDsl.exec;

import dev.gatlingllm.gatling.action.SessionResults;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.Map;

/**
 * Retries a request the server turned away with HTTP 429, as a client of a rate-limited API would:
 * after its {@code Retry-After} (or, without one, 1 s, 2 s, 4 s...), never longer than {@code
 * maxWait}, at most {@code retries} times. Nothing is hidden: every attempt is its own request, so
 * each 429 stays a KO record in Gatling's report, {@code requests.csv} and the 429 figures, and the
 * retry is a new record of its own.
 */
public final class Retry429 {
  /** The session's count of retries of the current request. */
  public static final String RETRIES = "gatling-llm.retry429";

  private Retry429() {}

  /**
   * @param attempt one request (with its pacing, if any), saving its outcome under {@code saveAs}
   * @param saveAs the session key the request saves its outcome map under ({@code llm} by default)
   * @param retries the most retries after the first attempt; 0 returns {@code attempt} unchanged
   * @param maxWait the longest pause before a retry, whatever the server asks
   */
  public static ChainBuilder around(
      ChainBuilder attempt, String saveAs, int retries, Duration maxWait) {
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be >= 0, was " + retries);
    }
    if (maxWait == null || maxWait.isNegative()) {
      throw new IllegalArgumentException(
          "the longest wait before a retry must be >= 0, was " + maxWait);
    }
    if (retries == 0) {
      return attempt;
    }
    return exec(session -> session.set(RETRIES, 0))
        .exec(attempt)
        .asLongAs(session -> rateLimited(session, saveAs) && session.getInt(RETRIES) < retries)
        .on(
            exec(session -> session.set(RETRIES, session.getInt(RETRIES) + 1))
                .pause(session -> waitBefore(session, saveAs, maxWait))
                .exec(attempt));
  }

  private static boolean rateLimited(Session session, String saveAs) {
    Map<String, Object> outcome = session.contains(saveAs) ? session.getMap(saveAs) : Map.of();
    return Integer.valueOf(429).equals(outcome.get(SessionResults.STATUS));
  }

  /** The server's Retry-After, else 1 s doubling with each retry; capped at {@code maxWait}. */
  static Duration waitBefore(Session session, String saveAs, Duration maxWait) {
    Object retryAfter = session.getMap(saveAs).get(SessionResults.RETRY_AFTER_S);
    long seconds =
        retryAfter instanceof Number n && n.longValue() >= 0
            ? n.longValue()
            : 1L << Math.min(20, session.getInt(RETRIES) - 1);
    Duration wait = Duration.ofSeconds(seconds);
    return wait.compareTo(maxWait) > 0 ? maxWait : wait;
  }
}
