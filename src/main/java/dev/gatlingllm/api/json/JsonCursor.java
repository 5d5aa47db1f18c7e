package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * A pull reader over the JSON of one SSE event, in Jackson's token vocabulary: what a dialect needs
 * to pick a few fields out of a chunk and skip the rest. Two readers implement it: {@link
 * Utf8JsonCursor}, fast and strict, which gives up on anything unusual, and {@link JacksonCursor},
 * Jackson's parser, which decides those events.
 */
public interface JsonCursor {
  /** The next token; after the root value, null when only whitespace is left. */
  JsonToken nextToken() throws IOException;

  /**
   * True when the last field name read is {@code name} (valid while on that field's value, too).
   */
  boolean nameIs(String name);

  /**
   * On START_OBJECT or START_ARRAY, moves to the matching end token; on any other token, does
   * nothing.
   */
  void skipChildren() throws IOException;

  /** True when the current string is empty: cheaper than {@code text().isEmpty()}. */
  boolean textIsEmpty() throws IOException;

  /** The current string, decoded; for a number or a literal, its text as written. */
  String text() throws IOException;

  /**
   * True when the current string is exactly {@code expected}, compared without building a String.
   */
  boolean textEquals(String expected) throws IOException;

  /**
   * The current integer's value. An integer beyond a long's range (2^63 and up) is valid JSON, not
   * a damaged event: it reads as {@link Long#MAX_VALUE} ({@link Long#MIN_VALUE} below), a value no
   * count or duration can have, which the readers of counts find implausible as they do any count
   * past 10^9.
   */
  long longValue() throws IOException;

  /** After the root value: true when nothing but whitespace follows it. */
  boolean atEnd() throws IOException;

  /** JSON's whitespace: space, tab, line feed, carriage return. */
  static boolean isWhitespace(int b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r';
  }
}
