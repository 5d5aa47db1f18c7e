package dev.gatlingllm.dsl.agents;

import java.time.Duration;
import java.util.Objects;

/**
 * One turn of an agent session: one request. Its input is what the turn adds to the history (the
 * user's message on the first turn, the tool's result on the others), its output the model's answer
 * (a tool call, or the final text), and the tool latency the time the tool takes before the next
 * turn (none after the last).
 *
 * @param inputTokens tokens the turn adds to the history, at least 1
 * @param outputTokens the turn's output limit (with {@code ignore_eos}: its length), at least 1
 * @param toolLatency the tool's run time after this turn, zero or more
 */
public record AgentTurn(int inputTokens, int outputTokens, Duration toolLatency) {
  public AgentTurn {
    if (inputTokens < 1) {
      throw new IllegalArgumentException("input tokens must be at least 1, was " + inputTokens);
    }
    if (outputTokens < 1) {
      throw new IllegalArgumentException("output tokens must be at least 1, was " + outputTokens);
    }
    Objects.requireNonNull(toolLatency, "toolLatency");
    if (toolLatency.isNegative()) {
      throw new IllegalArgumentException("tool latency must not be negative, was " + toolLatency);
    }
  }
}
