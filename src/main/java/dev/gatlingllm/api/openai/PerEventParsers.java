package dev.gatlingllm.api.openai;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * A new blocking parser for every event: simple, but ~860 bytes of parser objects per event. Kept as the
 * reference the benchmarks compare {@link ThreadAsyncParsers} against.
 */
final class PerEventParsers implements EventParsers {
  static final PerEventParsers INSTANCE = new PerEventParsers();

  private PerEventParsers() {}

  @Override
  public JsonParser open(byte[] data, int length) throws IOException {
    return OpenAiJson.FACTORY.createParser(data, 0, length);
  }

  @Override
  public boolean atEnd(JsonParser parser) throws IOException {
    return parser.nextToken() == null;
  }

  @Override
  public void release(JsonParser parser, boolean clean) {
    try {
      parser.close();
    } catch (IOException e) {
      // a byte-array parser has nothing to close
    }
  }
}
