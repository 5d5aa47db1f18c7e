package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonToken;
import dev.gatlingllm.bytes.SwarBytes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A strict JSON tokenizer over the UTF-8 bytes of one event, made for what a dialect does per
 * streamed chunk: walk a small object, decode the one or two strings it wants, skip the rest. It
 * builds no parser object and no String but the ones asked for, and does not decode the strings it
 * skips (Jackson's non-blocking parser decodes every one: two thirds of the time per event went
 * there).
 *
 * <p>It accepts a subset of what Jackson accepts and reads it to the same tokens and values. On
 * anything outside that subset it throws {@link GiveUp}, and the caller hands the event to {@link
 * JacksonCursor}: malformed JSON, escapes in field names, ill-formed UTF-8, numbers of more than
 * {@value #MAX_NUMBER_BYTES} characters, names over {@value #MAX_NAME_BYTES} bytes, nesting deeper
 * than {@value #MAX_DEPTH}. So this class never decides alone that an event is damaged, and an odd
 * one is read exactly as Jackson reads it.
 *
 * <p>One instance per stream, reused event after event ({@link #reset}); not thread-safe.
 */
public final class Utf8JsonCursor implements JsonCursor {
  /**
   * This reader does not take the event: ask {@link JacksonCursor}. Thrown without a stack trace.
   */
  static final class GiveUp extends IOException {
    private static final long serialVersionUID = 1L;
    private static final GiveUp INSTANCE = new GiveUp();

    private GiveUp() {
      super("left to Jackson");
    }

    /** One shared instance, thrown often: a stack trace would cost more than the event. */
    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  static final int MAX_DEPTH = 64;
  static final int MAX_NAME_BYTES = 1024;
  static final int MAX_NUMBER_BYTES = 100;

  /** Decoding buffers up to this size are kept for the next string; larger ones are not. */
  private static final int KEPT_BUFFER_CHARS = 64 * 1024;

  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] NULL = {'n', 'u', 'l', 'l'};

  // What may come next (ints, not an enum: a switch on an enum costs a table lookup per token).
  private static final int ROOT_VALUE = 0;
  private static final int FIRST_FIELD = 1;
  private static final int NEXT_FIELD = 2;
  private static final int FIELD_VALUE = 3;
  private static final int FIRST_ELEMENT = 4;
  private static final int NEXT_ELEMENT = 5;
  private static final int ROOT_END = 6;

  private static final long QUOTES = SwarBytes.repeat('"');
  private static final long BACKSLASHES = SwarBytes.repeat('\\');

  private byte[] data;
  private int pos;
  private int end;
  private int expect;
  private JsonToken token;
  private int depth;

  /** Bit {@code d - 1} set: the container at depth {@code d} is an object. */
  private long objects;

  private int nameStart;
  private int nameEnd;

  /** A string's bytes between its quotes; a number's or a literal's text. */
  private int valueStart;

  private int valueEnd;
  private boolean valueEscaped;
  private boolean valueAscii;
  private char[] chars = new char[0];

  /** Positions the cursor before the first token of {@code data[0, length)}; returns it. */
  public Utf8JsonCursor reset(byte[] data, int length) {
    return reset(data, 0, length);
  }

  /**
   * Positions the cursor before the first token of {@code data[offset, offset + length)}; returns
   * it.
   */
  public Utf8JsonCursor reset(byte[] data, int offset, int length) {
    this.data = data;
    this.end = offset + length;
    this.pos = offset;
    this.expect = ROOT_VALUE;
    this.token = null;
    this.depth = 0;
    this.objects = 0;
    return this;
  }

  @Override
  public JsonToken nextToken() throws IOException {
    switch (expect) {
      case ROOT_VALUE:
        return value(skipWhitespace());
      case FIELD_VALUE:
        expectByte(':');
        return value(skipWhitespace());
      case FIRST_FIELD:
        {
          int b = skipWhitespace();
          return b == '}' ? close(JsonToken.END_OBJECT) : name(b);
        }
      case NEXT_FIELD:
        {
          int b = skipWhitespace();
          if (b == '}') {
            return close(JsonToken.END_OBJECT);
          }
          expectByte(',');
          return name(skipWhitespace());
        }
      case FIRST_ELEMENT:
        {
          int b = skipWhitespace();
          return b == ']' ? close(JsonToken.END_ARRAY) : value(b);
        }
      case NEXT_ELEMENT:
        {
          int b = skipWhitespace();
          if (b == ']') {
            return close(JsonToken.END_ARRAY);
          }
          expectByte(',');
          return value(skipWhitespace());
        }
      default: // ROOT_END
        if (skipWhitespace() != -1) {
          throw GiveUp.INSTANCE;
        }
        return token = null;
    }
  }

  @Override
  public boolean nameIs(String name) {
    int length = nameEnd - nameStart;
    if (length == name.length()) {
      return bytesAre(nameStart, name);
    }
    // In UTF-8 a name with non-ASCII characters has more bytes than chars. Most names that differ
    // in length differ in their first byte too: that test spares the scan of the expected name.
    return !name.isEmpty()
        && length > name.length()
        && (data[nameStart] < 0 || data[nameStart] == name.charAt(0))
        && !isAscii(name)
        && name.equals(text(nameStart, nameEnd));
  }

  /**
   * True when the bytes from {@code from} are the chars of {@code expected}, one (ASCII) byte per
   * char.
   */
  private boolean bytesAre(int from, String expected) {
    byte[] bytes = data;
    for (int i = 0; i < expected.length(); i++) {
      // A non-ASCII byte is negative: it never equals a char.
      if (bytes[from + i] != expected.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private String text(int from, int to) {
    return new String(data, from, to - from, StandardCharsets.UTF_8);
  }

  @Override
  public void skipChildren() throws IOException {
    if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
      return;
    }
    int outside = depth - 1;
    while (depth > outside) {
      nextToken();
    }
  }

  @Override
  public boolean textIsEmpty() throws IOException {
    if (token == JsonToken.VALUE_STRING) {
      return valueEnd == valueStart;
    }
    String text = text();
    return text == null || text.isEmpty();
  }

  @Override
  public String text() throws IOException {
    if (token == null) {
      return null;
    }
    switch (token) {
      case VALUE_STRING:
        return valueEscaped ? decodeEscaped() : text(valueStart, valueEnd);
      case FIELD_NAME:
        return text(nameStart, nameEnd);
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
      case VALUE_TRUE:
      case VALUE_FALSE:
      case VALUE_NULL:
        return new String(data, valueStart, valueEnd - valueStart, StandardCharsets.US_ASCII);
      default:
        return token.asString();
    }
  }

  @Override
  public boolean textEquals(String expected) throws IOException {
    if (token != JsonToken.VALUE_STRING || valueEscaped || !valueAscii) {
      return expected.equals(text());
    }
    return valueEnd - valueStart == expected.length() && bytesAre(valueStart, expected);
  }

  @Override
  public long longValue() throws IOException {
    if (token != JsonToken.VALUE_NUMBER_INT) {
      throw GiveUp.INSTANCE;
    }
    int i = valueStart;
    boolean negative = data[i] == '-';
    if (negative) {
      i++;
    }
    // 18 digits always fit in a long; Jackson decides the longer ones (beyond a long, the nearest
    // long).
    if (valueEnd - i > 18) {
      throw GiveUp.INSTANCE;
    }
    long value = 0;
    for (; i < valueEnd; i++) {
      value = value * 10 + (data[i] - '0');
    }
    return negative ? -value : value;
  }

  @Override
  public boolean atEnd() throws IOException {
    return nextToken() == null;
  }

  private JsonToken value(int b) throws IOException {
    switch (b) {
      case '{':
        pos++;
        open(true);
        expect = FIRST_FIELD;
        return token = JsonToken.START_OBJECT;
      case '[':
        pos++;
        open(false);
        expect = FIRST_ELEMENT;
        return token = JsonToken.START_ARRAY;
      case '"':
        string();
        return scalar(JsonToken.VALUE_STRING);
      case 't':
        return literal(TRUE, JsonToken.VALUE_TRUE);
      case 'f':
        return literal(FALSE, JsonToken.VALUE_FALSE);
      case 'n':
        return literal(NULL, JsonToken.VALUE_NULL);
      default:
        if (b == '-' || (b >= '0' && b <= '9')) {
          return scalar(number());
        }
        throw GiveUp.INSTANCE;
    }
  }

  private JsonToken name(int b) throws IOException {
    if (b != '"') {
      throw GiveUp.INSTANCE;
    }
    string();
    if (valueEscaped || valueEnd - valueStart > MAX_NAME_BYTES) {
      throw GiveUp.INSTANCE;
    }
    nameStart = valueStart;
    nameEnd = valueEnd;
    expect = FIELD_VALUE;
    return token = JsonToken.FIELD_NAME;
  }

  private JsonToken scalar(JsonToken scalar) {
    afterValue();
    return token = scalar;
  }

  private JsonToken close(JsonToken endToken) {
    pos++;
    depth--;
    afterValue();
    return token = endToken;
  }

  private void open(boolean object) throws IOException {
    if (depth == MAX_DEPTH) {
      throw GiveUp.INSTANCE;
    }
    if (object) {
      objects |= 1L << depth;
    } else {
      objects &= ~(1L << depth);
    }
    depth++;
  }

  private void afterValue() {
    if (depth == 0) {
      expect = ROOT_END;
    } else {
      expect = (objects & (1L << (depth - 1))) != 0 ? NEXT_FIELD : NEXT_ELEMENT;
    }
  }

  /** Skips JSON whitespace; returns the byte there (0-255), or -1 at the end of the event. */
  private int skipWhitespace() {
    if (pos < end && data[pos] > ' ') {
      return data[pos]; // the usual case: servers send compact JSON
    }
    byte[] bytes = data;
    for (int i = pos; i < end; i++) {
      byte b = bytes[i];
      if (!JsonCursor.isWhitespace(b)) {
        pos = i;
        return b & 0xFF;
      }
    }
    pos = end;
    return -1;
  }

  private void expectByte(char expected) throws IOException {
    if (skipWhitespace() != expected) {
      throw GiveUp.INSTANCE;
    }
    pos++;
  }

  /** Scans the string whose opening quote is at {@code pos}: checks it, does not decode it. */
  private void string() throws IOException {
    byte[] bytes = data;
    boolean escaped = false;
    long highBits = 0;
    int i = pos + 1;
    while (true) {
      if (i + 8 <= end) {
        // Eight bytes at a time: jump to the first quote, backslash or control character among
        // them.
        long word = SwarBytes.read(bytes, i);
        long special =
            SwarBytes.equalTo(word, QUOTES)
                | SwarBytes.equalTo(word, BACKSLASHES)
                | SwarBytes.below(word, 0x20);
        if (special == 0) {
          highBits |= word;
          i += 8;
          continue;
        }
        int plain = SwarBytes.firstFlagged(special);
        highBits |= SwarBytes.firstBytes(word, plain);
        i += plain;
      } else if (i >= end) {
        throw GiveUp.INSTANCE;
      }
      byte b = bytes[i];
      if (b == '"') {
        break;
      }
      if (b == '\\') {
        escaped = true;
        i = afterEscape(i);
      } else if (b >= 0 && b < 0x20) {
        throw GiveUp.INSTANCE; // a control character must be escaped
      } else {
        highBits |= b; // only in the last bytes of the event, read one by one
        i++;
      }
    }
    valueStart = pos + 1;
    valueEnd = i;
    valueEscaped = escaped;
    valueAscii = SwarBytes.nonAscii(highBits) == 0;
    pos = i + 1;
    if (!valueAscii && !Utf8Validation.isWellFormed(bytes, valueStart, valueEnd)) {
      throw GiveUp.INSTANCE;
    }
  }

  /** The index after the escape that starts at {@code i} (a backslash). */
  private int afterEscape(int i) throws IOException {
    if (i + 1 >= end) {
      throw GiveUp.INSTANCE;
    }
    switch (data[i + 1]) {
      case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
        return i + 2;
      case 'u':
        if (i + 5 >= end) {
          throw GiveUp.INSTANCE;
        }
        for (int h = i + 2; h < i + 6; h++) {
          if (hexValue(data[h]) < 0) {
            throw GiveUp.INSTANCE;
          }
        }
        return i + 6;
      default:
        throw GiveUp.INSTANCE;
    }
  }

  /** JSON's number grammar; what follows it is checked by the next token. */
  private JsonToken number() throws IOException {
    byte[] bytes = data;
    int i = pos;
    boolean integer = true;
    if (bytes[i] == '-') {
      i++;
    }
    if (i < end && bytes[i] == '0') {
      i++; // a leading zero stands alone: "01" ends here and the next token rejects the "1"
    } else {
      i = digits(i);
    }
    if (i < end && bytes[i] == '.') {
      integer = false;
      i = digits(i + 1);
    }
    if (i < end && (bytes[i] == 'e' || bytes[i] == 'E')) {
      integer = false;
      i++;
      if (i < end && (bytes[i] == '+' || bytes[i] == '-')) {
        i++;
      }
      i = digits(i);
    }
    if (i - pos > MAX_NUMBER_BYTES) {
      throw GiveUp.INSTANCE;
    }
    valueStart = pos;
    valueEnd = i;
    pos = i;
    return integer ? JsonToken.VALUE_NUMBER_INT : JsonToken.VALUE_NUMBER_FLOAT;
  }

  /** At least one digit from {@code i}; returns the index after the last. */
  private int digits(int i) throws IOException {
    int from = i;
    while (i < end && data[i] >= '0' && data[i] <= '9') {
      i++;
    }
    if (i == from) {
      throw GiveUp.INSTANCE;
    }
    return i;
  }

  private JsonToken literal(byte[] literal, JsonToken literalToken) throws IOException {
    if (end - pos < literal.length) {
      throw GiveUp.INSTANCE;
    }
    for (int i = 0; i < literal.length; i++) {
      if (data[pos + i] != literal[i]) {
        throw GiveUp.INSTANCE;
      }
    }
    valueStart = pos;
    valueEnd = pos + literal.length;
    pos = valueEnd;
    return scalar(literalToken);
  }

  /** The current string with its escapes resolved; its UTF-8 was checked by {@link #string()}. */
  private String decodeEscaped() {
    // Never more chars than bytes: an escape is 2 or 6 bytes for 1 char, a 4-byte sequence 2 chars.
    int capacity = valueEnd - valueStart;
    char[] out = chars.length >= capacity ? chars : new char[capacity];
    if (capacity <= KEPT_BUFFER_CHARS) {
      chars = out;
    }
    byte[] bytes = data;
    int n = 0;
    int i = valueStart;
    while (i < valueEnd) {
      int b = bytes[i] & 0xFF;
      if (b == '\\') {
        byte escape = bytes[i + 1];
        if (escape == 'u') {
          out[n++] =
              (char)
                  (hexValue(bytes[i + 2]) << 12
                      | hexValue(bytes[i + 3]) << 8
                      | hexValue(bytes[i + 4]) << 4
                      | hexValue(bytes[i + 5]));
          i += 6;
        } else {
          out[n++] = unescape(escape);
          i += 2;
        }
      } else if (b < 0x80) {
        out[n++] = (char) b;
        i++;
      } else if (b < 0xE0) {
        out[n++] = (char) ((b & 0x1F) << 6 | (bytes[i + 1] & 0x3F));
        i += 2;
      } else if (b < 0xF0) {
        out[n++] = (char) ((b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | (bytes[i + 2] & 0x3F));
        i += 3;
      } else {
        int codePoint =
            (b & 0x07) << 18
                | (bytes[i + 1] & 0x3F) << 12
                | (bytes[i + 2] & 0x3F) << 6
                | (bytes[i + 3] & 0x3F);
        out[n++] = Character.highSurrogate(codePoint);
        out[n++] = Character.lowSurrogate(codePoint);
        i += 4;
      }
    }
    return new String(out, 0, n);
  }

  private static char unescape(byte escape) {
    return switch (escape) {
      case 'b' -> '\b';
      case 'f' -> '\f';
      case 'n' -> '\n';
      case 'r' -> '\r';
      case 't' -> '\t';
      default -> (char) escape; // '"', '\\', '/': checked by the scan
    };
  }

  private static int hexValue(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    if (b >= 'a' && b <= 'f') {
      return b - 'a' + 10;
    }
    if (b >= 'A' && b <= 'F') {
      return b - 'A' + 10;
    }
    return -1;
  }
}
