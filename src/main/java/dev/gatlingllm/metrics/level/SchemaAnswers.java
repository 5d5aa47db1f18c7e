package dev.gatlingllm.metrics.level;

/**
 * The answers judged against the JSON schema their requests asked for (docs/metrics.md, "Structured
 * output"): how many followed it. A request whose breach made it KO ({@code koWhenInvalid}) still
 * counts here, as invalid; a request that failed before its answer was complete counts in neither.
 *
 * @param valid answers that parsed as JSON and validated
 * @param invalid answers that did not parse, or broke the schema
 */
public record SchemaAnswers(long valid, long invalid) {
  /** The judged answers, valid or not. */
  public long judged() {
    return valid + invalid;
  }

  /** valid / judged, NaN when none was judged. */
  public double validShare() {
    return judged() == 0 ? Double.NaN : (double) valid / judged();
  }
}
