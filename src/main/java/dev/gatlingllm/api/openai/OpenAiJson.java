package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.api.json.Excerpts;

/** Jackson plumbing shared by the OpenAI dialects: one mapper and factory per JVM, and small text helpers for messages. */
final class OpenAiJson {
  /** Thread-safe once configured; creating parsers and generators from it is cheap, creating it is not. */
  static final ObjectMapper MAPPER = new ObjectMapper();

  static final JsonFactory FACTORY = MAPPER.getFactory();

  /** See {@link Excerpts#EXCERPT_CHARS}. */
  static final int EXCERPT_CHARS = Excerpts.EXCERPT_CHARS;

  private OpenAiJson() {}

  /** See {@link Excerpts#excerpt}. */
  static String excerpt(byte[] utf8, int length) {
    return Excerpts.excerpt(utf8, length);
  }

  /** See {@link Excerpts#shorten}. */
  static String shorten(String text, int maxChars) {
    return Excerpts.shorten(text, maxChars);
  }
}
