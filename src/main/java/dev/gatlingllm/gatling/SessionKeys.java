package dev.gatlingllm.gatling;

/**
 * Session attributes the load models set and the action reads: which level a virtual user belongs
 * to, and when the load model wanted its next request to start (the open model's arrival time), so
 * that waiting in the client counts as send lateness instead of vanishing (coordinated omission).
 */
public final class SessionKeys {
  private SessionKeys() {}

  /** Integer: the 0-based load level; absent or -1 for requests outside any level (warm-up). */
  public static final String LEVEL = "gatling-llm.level";

  /**
   * Long: System.nanoTime() of the scheduled start of the user's next request; consumed by that
   * request.
   */
  public static final String SCHEDULED_NANOS = "gatling-llm.scheduledNanos";

  /**
   * Boolean: true when the sweep stopped before the user's level because the levels before it were
   * past saturation ({@code SaturationStop}); the user leaves without a request.
   */
  public static final String SWEEP_STOPPED = "gatling-llm.sweepStopped";

  /**
   * String: the agent session a user's requests belong to ({@code AgentSessions}); absent outside
   * one.
   */
  public static final String AGENT_SESSION = "gatling-llm.agent.session";

  /** Integer: the turn of the agent session the user's next request is, from 1. */
  public static final String AGENT_TURN = "gatling-llm.agent.turn";
}
