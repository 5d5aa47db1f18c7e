package dev.gatlingllm.dsl.prompts;

/**
 * How a dataset's records become requests, beyond the formats recognised on their own ({@code
 * prompt}, {@code messages}, ShareGPT's {@code conversations}).
 *
 * @param promptField the field holding the prompt text in a dataset of another shape (e.g. {@code
 *     instruction} or {@code question} in Hugging Face-style JSONL), or null
 * @param answerField the field holding the recorded answer in such a dataset, or null
 * @param answerLength whether a record's recorded answer (ShareGPT's first reply after the prompt,
 *     or {@code answerField}) sets its output limit: its length in tokens of the run's tokenizer,
 *     as {@code vllm bench serve} does with ShareGPT; a record's own {@code max_tokens} still wins
 * @param limit the first this many usable records, or 0 for all
 */
public record DatasetOptions(
    String promptField, String answerField, boolean answerLength, int limit) {
  public static final DatasetOptions DEFAULTS = new DatasetOptions(null, null, false, 0);

  public DatasetOptions {
    if (limit < 0) {
      throw new IllegalArgumentException("the dataset limit must be >= 0, was " + limit);
    }
  }
}
