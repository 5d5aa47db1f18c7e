package dev.gatlingllm.dsl.agents;

import dev.gatlingllm.values.ChatMessage;
import dev.gatlingllm.values.ToolDefinition;
import java.util.List;

/**
 * A session ready to run, made before the load so that no virtual user waits for a tokenizer: the
 * opening messages (turn 1's input), each later turn's input text (the tool's result), the tools.
 *
 * @param session the session it plays
 * @param opening the first turn's messages
 * @param results the inputs of turns 2, 3...: index i is turn i + 2's
 * @param tools the functions offered on every turn
 */
record PreparedSession(
    AgentSession session,
    List<ChatMessage> opening,
    List<String> results,
    List<ToolDefinition> tools) {

  int turns() {
    return session.turns().size();
  }

  /** Turn {@code turn}'s figures, from 1. */
  AgentTurn turn(int turn) {
    return session.turns().get(turn - 1);
  }
}
