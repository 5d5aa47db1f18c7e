package dev.gatlingllm.dsl.prompts;

/**
 * Prompts that start with a shared prefix, as system prompts and few-shot examples do, so that a
 * server's prefix cache shows in TTFT: {@code groups} different prefixes of {@code tokens} tokens
 * each, prompt i starting with prefix i mod groups (as vLLM's and inference-perf's prefix-sharing
 * datasets spread prompts over their prefixes).
 *
 * @param tokens P, the length of each prefix in tokens; 0 for none
 * @param groups G, how many different prefixes (at least 1)
 */
public record SharedPrefix(int tokens, int groups) {
  public static final SharedPrefix NONE = new SharedPrefix(0, 1);

  public SharedPrefix {
    if (tokens < 0) {
      throw new IllegalArgumentException("prefix tokens must be >= 0, was " + tokens);
    }
    if (groups < 1) {
      throw new IllegalArgumentException("prefix groups must be >= 1, was " + groups);
    }
  }
}
