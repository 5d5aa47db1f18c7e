package dev.gatlingllm.simulator;

/**
 * The lengths of one request a virtual-clock sweep sends: its prompt, in the simulator's count of
 * tokens, and the output tokens it generates.
 */
public record RequestShape(int promptTokens, int outputTokens) {
  public RequestShape {
    if (promptTokens < 1) throw new IllegalArgumentException("promptTokens < 1: " + promptTokens);
    if (outputTokens < 1) throw new IllegalArgumentException("outputTokens < 1: " + outputTokens);
  }
}
