package dev.gatlingllm.tokenize;

/**
 * Turns text into token ids and back, for counting and for building prompts of an exact length. Used
 * before and between requests, never per streamed event.
 */
public interface Tokenizer {
  /** Which tokenizer, for reports, e.g. {@code cl100k_base} or {@code server:http://127.0.0.1:8080}. */
  String name();

  int[] encode(String text);

  String decode(int[] ids);

  /**
   * Whether a call may block on the network ({@link ServerTokenizer}): such a tokenizer shapes prompts before the
   * load, and never counts during it, where it would stall a virtual user's event loop.
   */
  default boolean blocking() {
    return false;
  }

  default int count(String text) {
    return encode(text).length;
  }
}
