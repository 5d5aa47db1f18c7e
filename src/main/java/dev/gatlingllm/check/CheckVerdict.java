package dev.gatlingllm.check;

/**
 * The outcome of one check of a run, as a CI page shows it: an LLM check ({@link LlmCheck}), one of
 * Gatling's own assertions, or a figure compared with a baseline.
 *
 * @param suite what judged it: {@link #LLM_CHECKS}, {@link #GATLING_ASSERTIONS} or the baseline's
 * @param name what was checked, e.g. {@code output_throughput >= 1000 tok/s}
 * @param passed whether the run met it; false for a check that was not judged
 * @param message why it failed (the figure, its value and the bound), the value it passed with, or
 *     why it was not judged and what would judge it; may be null
 * @param skipped true when the check could not be judged (too few values): neither passed nor
 *     failed, a {@code <skipped>} case in junit.xml
 */
public record CheckVerdict(
    String suite, String name, boolean passed, String message, boolean skipped) {
  public static final String LLM_CHECKS = "llm checks";
  public static final String GATLING_ASSERTIONS = "gatling assertions";

  public CheckVerdict {
    if (skipped && passed) {
      throw new IllegalArgumentException("a check not judged did not pass: " + name);
    }
  }

  /** A check that was judged: passed or failed. */
  public CheckVerdict(String suite, String name, boolean passed, String message) {
    this(suite, name, passed, message, false);
  }

  /** A check that could not be judged, and why ({@code message}). */
  public static CheckVerdict notJudged(String suite, String name, String message) {
    return new CheckVerdict(suite, name, false, message, true);
  }

  /** The verdict of an LLM check on the run's figures. */
  public static CheckVerdict of(LlmCheck check, String failure) {
    return new CheckVerdict(LLM_CHECKS, check.describe(), failure == null, failure);
  }

  /** Judged and missed: what fails a build. */
  public boolean failed() {
    return !passed && !skipped;
  }
}
