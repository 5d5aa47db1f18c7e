package dev.gatlingllm.check;

/**
 * The outcome of one check of a run, as a CI page shows it: an LLM check ({@link LlmCheck}) or one
 * of Gatling's own assertions.
 *
 * @param suite what judged it: {@link #LLM_CHECKS} or {@link #GATLING_ASSERTIONS}
 * @param name what was checked, e.g. {@code output_throughput >= 1000 tok/s}
 * @param passed whether the run met it
 * @param message why it failed (the figure, its value and the bound), or the value it passed with;
 *     may be null
 */
public record CheckVerdict(String suite, String name, boolean passed, String message) {
  public static final String LLM_CHECKS = "llm checks";
  public static final String GATLING_ASSERTIONS = "gatling assertions";

  /** The verdict of an LLM check on the run's figures. */
  public static CheckVerdict of(LlmCheck check, String failure) {
    return new CheckVerdict(LLM_CHECKS, check.describe(), failure == null, failure);
  }
}
