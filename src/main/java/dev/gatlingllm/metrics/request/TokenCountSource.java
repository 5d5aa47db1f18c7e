package dev.gatlingllm.metrics.request;

/** Where a token count came from, in the order of preference metrics.md gives. */
public enum TokenCountSource {
  /** The server's {@code usage} object. */
  SERVER_USAGE("server usage"),
  /** A client-side tokenizer count of the text. */
  TOKENIZER("client tokenizer"),
  /** The number of token events (each streamed content event counted as one token). */
  EVENT_COUNT("event count"),
  /** Nothing could be counted (e.g. no server usage and no tokenizer for the prompt). */
  UNKNOWN("unknown");

  private final String label;

  TokenCountSource(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
