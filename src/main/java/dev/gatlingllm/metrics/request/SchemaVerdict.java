package dev.gatlingllm.metrics.request;

/**
 * Whether a request's answer followed the JSON schema it asked for ({@code responseFormat}):
 * docs/metrics.md, "Structured output".
 */
public enum SchemaVerdict {
  /** No schema was asked for, or the stream failed before an answer could be judged. */
  NOT_JUDGED,
  /** The answer parsed as JSON and validated against the schema. */
  VALID,
  /** The answer did not parse as JSON, or parsed and broke the schema. */
  INVALID;

  /** True for an answer that was judged, valid or not. */
  public boolean judged() {
    return this != NOT_JUDGED;
  }
}
