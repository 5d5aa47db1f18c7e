package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;

/**
 * The value under a {@link JsonCursor} written back as compact JSON text: for an API that sends a
 * generated value as JSON (Ollama's tool-call arguments, an object), the text the model wrote, so
 * that the client can keep and count it as it counts a streamed one.
 */
public final class JsonCompactText {
  /**
   * Deeper values are written as {@code null}: a server's nesting must not grow the client's stack.
   */
  static final int MAX_DEPTH = 32;

  private JsonCompactText() {}

  /** The value that begins with {@code token}, the cursor's current one, as compact JSON. */
  public static String of(JsonCursor cursor, JsonToken token) throws IOException {
    StringBuilder text = new StringBuilder();
    write(cursor, token, text, 0);
    return text.toString();
  }

  private static void write(JsonCursor cursor, JsonToken token, StringBuilder text, int depth)
      throws IOException {
    if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
      if (depth >= MAX_DEPTH) {
        cursor.skipChildren();
        text.append("null");
        return;
      }
      boolean object = token == JsonToken.START_OBJECT;
      text.append(object ? '{' : '[');
      boolean first = true;
      for (JsonToken next = cursor.nextToken(); !isEnd(next); next = cursor.nextToken()) {
        if (!first) {
          text.append(',');
        }
        first = false;
        if (object) {
          quoted(cursor.text(), text);
          text.append(':');
          next = cursor.nextToken();
        }
        write(cursor, next, text, depth + 1);
      }
      text.append(object ? '}' : ']');
    } else if (token == JsonToken.VALUE_STRING) {
      quoted(cursor.text(), text);
    } else if (token == JsonToken.VALUE_NULL) {
      text.append("null");
    } else if (token != null && token != JsonToken.NOT_AVAILABLE) {
      text.append(cursor.text()); // a number or a literal, as written
    }
  }

  private static boolean isEnd(JsonToken token) {
    return token == JsonToken.END_OBJECT
        || token == JsonToken.END_ARRAY
        || token == null
        || token == JsonToken.NOT_AVAILABLE;
  }

  private static void quoted(String value, StringBuilder text) {
    text.append('"');
    JsonStringEncoder.getInstance().quoteAsString(value, text);
    text.append('"');
  }
}
