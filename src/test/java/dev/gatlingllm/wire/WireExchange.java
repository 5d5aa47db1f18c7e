package dev.gatlingllm.wire;

/**
 * One HTTP/1.1 exchange as the loopback capture saw it, times in epoch nanoseconds from the
 * kernel's packet timestamps (-1 where the exchange never got there).
 *
 * @param connection the client's address and port
 * @param requestFirstByteNanos the request's first byte out: where the client's {@code sent} should
 *     be
 * @param requestLastByteNanos the request's last byte out
 * @param status the response status, or -1 without a response head
 * @param headersNanos the end of the response head (what the client's TTFB waits for)
 * @param firstChoiceNanos the end of the first event with a {@code choices} entry, output or not (a
 *     role-only delta counts): the event vLLM's benchmark client takes for the first token
 * @param firstOutputNanos the end of the first event that carried generated output (the wire's
 *     first_token)
 * @param lastOutputNanos the end of the last such event
 * @param outputEvents how many events carried output
 * @param responseId the id the server gave the response in its events, or null
 * @param endNanos the response's last byte
 * @param broken why the exchange could not be read to its end (a capture gap, a reset), or null
 */
public record WireExchange(
    String connection,
    long requestFirstByteNanos,
    long requestLastByteNanos,
    int status,
    long headersNanos,
    long firstChoiceNanos,
    long firstOutputNanos,
    long lastOutputNanos,
    int outputEvents,
    String responseId,
    long endNanos,
    String broken) {

  /** first output event in - request's first byte out, or -1. */
  public long ttftNanos() {
    return firstOutputNanos < 0 || requestFirstByteNanos < 0
        ? -1
        : firstOutputNanos - requestFirstByteNanos;
  }

  /**
   * first event with a choice in - request's first byte out, or -1: vLLM's benchmark client's TTFT,
   * on the wire.
   */
  public long firstChoiceNanosAfterSend() {
    return firstChoiceNanos < 0 || requestFirstByteNanos < 0
        ? -1
        : firstChoiceNanos - requestFirstByteNanos;
  }

  /** end of the response head - request's first byte out, or -1. */
  public long ttfbNanos() {
    return headersNanos < 0 || requestFirstByteNanos < 0
        ? -1
        : headersNanos - requestFirstByteNanos;
  }

  public boolean complete() {
    return broken == null && endNanos >= 0;
  }
}
