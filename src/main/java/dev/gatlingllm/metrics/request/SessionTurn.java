package dev.gatlingllm.metrics.request;

/**
 * Which agent session a request belongs to and which of its turns it is, so that the report can
 * give figures by turn index and per session.
 *
 * @param sessionId the session's id, or null for a request outside any session
 * @param turn the turn, from 1; 0 outside a session
 */
public record SessionTurn(String sessionId, int turn) {
  /** A request outside any agent session. */
  public static final SessionTurn NONE = new SessionTurn(null, 0);

  /** True for a request of an agent session. */
  public boolean inSession() {
    return sessionId != null && turn > 0;
  }
}
