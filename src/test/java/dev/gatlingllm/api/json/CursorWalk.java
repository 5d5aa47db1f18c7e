package dev.gatlingllm.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Walks one JSON value with a cursor and writes down everything the cursor reports (tokens, names,
 * texts, numbers, the end), so that two cursors can be compared on the same bytes.
 */
final class CursorWalk {
  static final String GAVE_UP = "gave up";
  static final JsonFactory FACTORY = new JsonFactory();

  private CursorWalk() {}

  /**
   * What {@link Utf8JsonCursor} reports, or {@link #GAVE_UP}. {@code skip} says which containers to
   * skip.
   */
  static String fast(byte[] json, IntPredicate skip) {
    try {
      return walk(new Utf8JsonCursor().reset(json, json.length), skip);
    } catch (Utf8JsonCursor.GiveUp e) {
      return GAVE_UP;
    } catch (IOException e) {
      throw new AssertionError("the fast cursor throws only GiveUp", e);
    }
  }

  /** What Jackson reports, or "error: ..." when it rejects the bytes. */
  static String jackson(byte[] json, IntPredicate skip) {
    JacksonCursor cursor = null;
    try {
      cursor = JacksonCursor.open(FACTORY, json, json.length);
      return walk(cursor, skip);
    } catch (IOException e) {
      return "error: " + e.getClass().getSimpleName();
    } finally {
      if (cursor != null) {
        cursor.close();
      }
    }
  }

  /** {@code skip.test(n)}: skip the n-th container met (0, 1, ...) instead of walking into it. */
  static String walk(JsonCursor cursor, IntPredicate skip) throws IOException {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int containers = 0;
    do {
      JsonToken token = cursor.nextToken();
      if (token == null) {
        out.add("null token");
        break;
      }
      switch (token) {
        case START_OBJECT, START_ARRAY -> {
          if (skip.test(containers++)) {
            cursor.skipChildren();
            out.add("skipped to " + cursor.text());
          } else {
            out.add(token.asString());
            depth++;
          }
        }
        case END_OBJECT, END_ARRAY -> {
          out.add(token.asString());
          depth--;
        }
        case FIELD_NAME -> out.add("name " + cursor.text() + " " + cursor.nameIs(cursor.text()));
        case VALUE_STRING -> {
          String text = cursor.text();
          out.add(
              "string "
                  + text
                  + " "
                  + cursor.textIsEmpty()
                  + " "
                  + cursor.textEquals(text)
                  + " "
                  + cursor.textEquals(text + "x")
                  + " "
                  + cursor.textEquals("stop"));
        }
        case VALUE_NUMBER_INT -> {
          // The value, not the text: Jackson writes -0 as "0". Longer integers are Jackson's to
          // judge (out of range is an error there), so only their text is compared.
          String text = cursor.text();
          out.add("int " + (text.replace("-", "").length() <= 18 ? cursor.longValue() : text));
        }
        default -> out.add(token + " " + cursor.text());
      }
    } while (depth > 0);
    out.add("at end " + cursor.atEnd());
    return String.join("\n", out);
  }
}
