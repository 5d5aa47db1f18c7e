package dev.gatlingllm.metrics;

/**
 * How a request ended: OK, or KO with a message a user can act on.
 *
 * @param ok true for OK
 * @param httpStatus the response status, or 0 when no response arrived
 * @param message null when OK; otherwise why the request failed
 */
public record RequestOutcome(boolean ok, int httpStatus, String message) {
  public static RequestOutcome ok(int httpStatus) {
    return new RequestOutcome(true, httpStatus, null);
  }

  public static RequestOutcome ko(int httpStatus, String message) {
    return new RequestOutcome(false, httpStatus, message);
  }
}
