package dev.gatlingllm.values;

/**
 * The name under which an OpenAI-style request carries its output token limit. Self-hosted servers
 * (vLLM, llama.cpp, SGLang) and most gateways read {@code max_tokens}; OpenAI deprecated it for
 * chat and its reasoning models reject it, asking for {@code max_completion_tokens}, which older
 * servers in turn do not know.
 */
public enum MaxTokensField {
  MAX_TOKENS("max_tokens"),
  MAX_COMPLETION_TOKENS("max_completion_tokens");

  private final String fieldName;

  MaxTokensField(String fieldName) {
    this.fieldName = fieldName;
  }

  /** The JSON field name, e.g. {@code max_completion_tokens}. */
  public String fieldName() {
    return fieldName;
  }

  @Override
  public String toString() {
    return fieldName;
  }
}
