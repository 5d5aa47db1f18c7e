package dev.gatlingllm.dsl.agents;

import java.util.List;
import java.util.Objects;

/**
 * One agent session: its id (a trace's {@code session_id}, or {@code g<n>} for a generated one) and
 * its turns, in order.
 *
 * @param id the session's id
 * @param turns at least one
 */
public record AgentSession(String id, List<AgentTurn> turns) {
  public AgentSession {
    Objects.requireNonNull(id, "id");
    turns = List.copyOf(Objects.requireNonNull(turns, "turns"));
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("session " + id + " has no turn");
    }
  }
}
