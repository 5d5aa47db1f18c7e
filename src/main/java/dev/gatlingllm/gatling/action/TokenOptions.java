package dev.gatlingllm.gatling.action;

import dev.gatlingllm.stream.OutputListener;

/**
 * What a request does per token event beyond its own figures.
 *
 * @param records whether the request logs its {@code <name> ITL} records (one per token event after
 *     the first); the protocol's {@code tokenRecords(true)} turns them on for every request
 * @param listener sees every output piece and the end of each request, or null
 */
public record TokenOptions(boolean records, OutputListener listener) {
  public static final TokenOptions NONE = new TokenOptions(false, null);

  public TokenOptions withRecords() {
    return new TokenOptions(true, listener);
  }

  public TokenOptions withListener(OutputListener newListener) {
    return new TokenOptions(records, newListener);
  }
}
