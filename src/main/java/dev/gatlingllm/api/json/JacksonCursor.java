package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Jackson's parser over one event: the reference reader, used for the events {@link Utf8JsonCursor}
 * gives up on. A new parser per event (some 900 bytes), which only those rare events pay. The
 * non-blocking byte-array parser, fed the whole event and told it is the end: it reads UTF-8 only,
 * where the blocking parser would guess UTF-16 or UTF-32 from zero bytes at the start of a damaged
 * event.
 */
public final class JacksonCursor implements JsonCursor {
  private final JsonParser parser;
  private String name;

  private JacksonCursor(JsonParser parser) {
    this.parser = parser;
  }

  /** A cursor before the first token of {@code data[0, length)}; close it when done. */
  public static JacksonCursor open(JsonFactory factory, byte[] data, int length)
      throws IOException {
    return open(factory, data, 0, length);
  }

  /**
   * A cursor before the first token of {@code data[offset, offset + length)}; close it when done.
   */
  public static JacksonCursor open(JsonFactory factory, byte[] data, int offset, int length)
      throws IOException {
    JsonParser parser = factory.createNonBlockingByteArrayParser();
    ByteArrayFeeder feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
    feeder.feedInput(data, offset, offset + length);
    feeder.endOfInput();
    return new JacksonCursor(parser);
  }

  @Override
  public JsonToken nextToken() throws IOException {
    JsonToken token = parser.nextToken();
    if (token == JsonToken.FIELD_NAME) {
      name = parser.currentName(); // canonicalised by Jackson: no String per field
    }
    return token;
  }

  @Override
  public boolean nameIs(String expected) {
    return expected.equals(name);
  }

  @Override
  public void skipChildren() throws IOException {
    parser.skipChildren();
  }

  @Override
  public boolean textIsEmpty() throws IOException {
    return parser.getTextLength() == 0;
  }

  @Override
  public String text() throws IOException {
    return parser.getText();
  }

  @Override
  public boolean textEquals(String expected) throws IOException {
    int length = parser.getTextLength();
    if (length != expected.length()) {
      return false;
    }
    char[] chars = parser.getTextCharacters();
    int offset = parser.getTextOffset();
    for (int i = 0; i < length; i++) {
      if (chars[offset + i] != expected.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long longValue() throws IOException {
    if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      // Valid JSON beyond a long: the nearest long stands for it (see JsonCursor#longValue).
      return parser.getBigIntegerValue().signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return parser.getLongValue();
  }

  @Override
  public boolean atEnd() throws IOException {
    // Not nextToken() == null: at the end of its input this parser answers NOT_AVAILABLE after
    // trailing whitespace, and after an unfinished trailing value too ({...} 1). The bytes it has
    // not read tell.
    WhitespaceCheck rest = new WhitespaceCheck();
    parser.releaseBuffered(rest);
    return rest.whitespaceOnly;
  }

  /** Receives the bytes the parser did not read; remembers whether they were all whitespace. */
  private static final class WhitespaceCheck extends OutputStream {
    boolean whitespaceOnly = true;

    @Override
    public void write(int b) {
      whitespaceOnly &= JsonCursor.isWhitespace(b);
    }
  }

  /** Frees the parser's buffers for reuse by the next one. */
  public void close() {
    try {
      parser.close();
    } catch (IOException e) {
      // a byte-array parser has nothing to close
    }
  }
}
