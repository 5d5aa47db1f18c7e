package dev.gatlingllm.values;

/**
 * Turns text into token ids and back, for counting and for building prompts of an exact length.
 * Used before and between requests, never per streamed event.
 */
public interface Tokenizer {
  /**
   * Which tokenizer, for reports, e.g. {@code cl100k_base} or {@code server:http://127.0.0.1:8080}.
   */
  String name();

  int[] encode(String text);

  String decode(int[] ids);

  default int count(String text) {
    return encode(text).length;
  }

  /**
   * True when a count waits on I/O (a call to a server): such a tokenizer prepares prompts before
   * the load, and the LLM protocol refuses it for counting, which happens on the virtual users'
   * event loops.
   */
  default boolean blocks() {
    return false;
  }
}
