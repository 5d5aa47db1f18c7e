package dev.gatlingllm.action;

/**
 * What a request does per token event beyond its own figures.
 *
 * @param records whether the request logs its {@code <name> ITL} records (one per token event after the first);
 *     the protocol's {@code tokenRecords(true)} turns them on for every request
 */
public record TokenOptions(boolean records) {
  public static final TokenOptions NONE = new TokenOptions(false);

  public TokenOptions withRecords() {
    return new TokenOptions(true);
  }
}
