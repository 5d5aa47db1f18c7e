package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * Where {@link OpenAiStreamInterpreter} gets a Jackson parser for the bytes of one SSE event. The interpreter
 * reads one root JSON object from it, asks {@link #atEnd} whether only whitespace follows, then releases it.
 */
interface EventParsers {
  /** A parser positioned before the first token of {@code data[0, length)}. */
  JsonParser open(byte[] data, int length) throws IOException;

  /** After the root object's END_OBJECT: true when nothing but whitespace follows it in the event. */
  boolean atEnd(JsonParser parser) throws IOException;

  /** The event is done with; {@code clean} is false after a malformed event, whose parser state is unknown. */
  void release(JsonParser parser, boolean clean);
}
