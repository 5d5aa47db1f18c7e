package dev.gatlingllm.simulator;

/**
 * One sequence as the batching engine sees it: how long its prompt is, how many tokens it will
 * produce before it stops (EOS, max_tokens or a fault's cut-off), and how much KV cache it
 * reserves.
 *
 * <p>The engine thread owns {@link #generated}; {@link #cancel()} may be called from any thread
 * (client gone, stalled stream) and takes effect at the next iteration.
 */
public class EngineRequest {
  private final int promptTokens;
  private final int tokensToGenerate;
  private final long kvReservation;
  private volatile boolean cancelled;
  int generated;

  public EngineRequest(int promptTokens, int tokensToGenerate, int maxTokens) {
    if (tokensToGenerate < 0) throw new IllegalArgumentException("tokensToGenerate < 0");
    this.promptTokens = promptTokens;
    this.tokensToGenerate = tokensToGenerate;
    this.kvReservation = CapacityModel.kvReservation(promptTokens, maxTokens);
  }

  public int promptTokens() {
    return promptTokens;
  }

  public int tokensToGenerate() {
    return tokensToGenerate;
  }

  public long kvReservation() {
    return kvReservation;
  }

  public int generated() {
    return generated;
  }

  public void cancel() {
    cancelled = true;
  }

  public boolean isCancelled() {
    return cancelled;
  }
}
