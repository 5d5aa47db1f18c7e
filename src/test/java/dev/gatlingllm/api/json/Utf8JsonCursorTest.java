package dev.gatlingllm.api.json;

import static dev.gatlingllm.api.json.CursorWalk.GAVE_UP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fast cursor against Jackson on the same bytes: whenever it does not give up, it must report
 * exactly what Jackson reports; on the chunks servers really send, it must not give up.
 */
class Utf8JsonCursorTest {
  private static final IntPredicate WALK_ALL = n -> false;

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static void assertSameAsJackson(byte[] json, IntPredicate skip) {
    String fast = CursorWalk.fast(json, skip);
    if (!fast.equals(GAVE_UP)) {
      assertEquals(CursorWalk.jackson(json, skip), fast, () -> "on " + show(json));
    }
  }

  private static String show(byte[] json) {
    return new String(json, StandardCharsets.UTF_8)
        + " (hex "
        + HexFormat.of().formatHex(json)
        + ")";
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // vLLM / OpenAI chat chunks
        "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1764500000,\"model\":\"m\","
            + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
            + "\"finish_reason\":null}],\"usage\":null}",
        "{\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" caf\u00e9 \ud83d\ude00 \u4f60\u597d\"},"
            + "\"finish_reason\":null}]}",
        "{\"choices\":[{\"delta\":{\"content\":\"line\\nnext \\\"quoted\\\" \\u00e9\\ud83d\\ude00 tab\\t\\\\\"}}]}",
        "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\",\"stop_reason\":null}],"
            + "\"usage\":{\"prompt_tokens\":1024,\"completion_tokens\":1024,\"total_tokens\":2048,"
            + "\"prompt_tokens_details\":{\"cached_tokens\":0}}}",
        // llama.cpp's last chunk: timings in floats
        "{\"choices\":[{\"finish_reason\":\"length\",\"index\":0,\"delta\":{}}],\"created\":1764500000,"
            + "\"timings\":{\"prompt_n\":12,\"prompt_ms\":41.237,\"prompt_per_token_ms\":3.4364166666666667,"
            + "\"predicted_per_second\":1.2e+2,\"negative\":-0.5,\"exp\":-1E-7}}",
        // tool calls, reasoning, errors
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]}}]}",
        "{\"choices\":[{\"delta\":{\"reasoning_content\":\"Let me think.\",\"content\":null}}]}",
        "{\"error\":{\"message\":\"KV cache exhausted\",\"type\":\"server_error\",\"code\":500,\"param\":null}}",
        "{\"object\":\"error\",\"message\":\"out of memory\",\"type\":\"InternalServerError\",\"code\":500}",
        "{\"choices\":[{\"text\":\" the\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}],"
            + "\"usage\":{\"prompt_tokens\":-1,\"ok\":true,\"no\":false}}",
        " \t\r\n{ \"a\" : [ 1 , -0 , 0.5 , [ ] , { } , \"\" ] } \r\n"
      })
  void realChunksAreReadByTheFastCursorExactlyAsJacksonReadsThem(String chunk) {
    byte[] json = utf8(chunk);
    String fast = CursorWalk.fast(json, WALK_ALL);
    assertNotEquals(GAVE_UP, fast, chunk);
    assertEquals(CursorWalk.jackson(json, WALK_ALL), fast);
    assertEquals(
        CursorWalk.jackson(json, n -> n % 2 == 1),
        CursorWalk.fast(json, n -> n % 2 == 1),
        "skipping");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // malformed: Jackson rejects them all
        "",
        " ",
        "{",
        "{\"a\"",
        "{\"a\":",
        "{\"a\":1",
        "{\"a\":1,}",
        "{,}",
        "{\"a\" 1}",
        "{\"a\":1 \"b\":2}",
        "[1,]",
        "[1 2]",
        "[,1]",
        "{\"a\":01}",
        "{\"a\":-}",
        "{\"a\":1.}",
        "{\"a\":.5}",
        "{\"a\":1e}",
        "{\"a\":1e+}",
        "{\"a\":+1}",
        "{\"a\":nul}",
        "{\"a\":truex}",
        "{\"a\":NaN}",
        "{\"a\":\"x}",
        "{\"a\":\"\\x\"}",
        "{\"a\":\"\\u12\"}",
        "{\"a\":\"\\u12g4\"}",
        "{\"a\":\"tab\there\"}",
        "{\"a\":'x'}",
        "{a:1}",
        "{\"a\":1}}",
        "{\"a\":1} x",
        "{\"a\":[}",
        "{\"a\":{]}",
        // valid but left to Jackson
        "{\"con\\u0074ent\":\"x\"}",
        "{\"a\":1} {}"
      })
  void eventsTheFastCursorDoesNotTakeAreLeftToJackson(String chunk) {
    assertEquals(GAVE_UP, CursorWalk.fast(utf8(chunk), WALK_ALL), chunk);
  }

  @Test
  void illFormedUtf8AndEncodedSurrogatesAreLeftToJackson() {
    for (String hex : new String[] {"c328", "eda080", "c0af", "f4908080", "ff", "e282"}) {
      byte[] json = HexFormat.of().parseHex("7b2261223a22" + hex + "227d"); // {"a":"<bytes>"}
      assertEquals(GAVE_UP, CursorWalk.fast(json, WALK_ALL), hex);
    }
  }

  @Test
  void limitsLeaveTheEventToJackson() {
    String deep =
        "[".repeat(Utf8JsonCursor.MAX_DEPTH + 1) + "]".repeat(Utf8JsonCursor.MAX_DEPTH + 1);
    assertEquals(GAVE_UP, CursorWalk.fast(utf8(deep), WALK_ALL));
    String deepest = "[".repeat(Utf8JsonCursor.MAX_DEPTH) + "]".repeat(Utf8JsonCursor.MAX_DEPTH);
    assertEquals(
        CursorWalk.jackson(utf8(deepest), WALK_ALL), CursorWalk.fast(utf8(deepest), WALK_ALL));
    String longName = "{\"" + "n".repeat(Utf8JsonCursor.MAX_NAME_BYTES + 1) + "\":1}";
    assertEquals(GAVE_UP, CursorWalk.fast(utf8(longName), WALK_ALL));
    String longNumber = "{\"a\":0." + "1".repeat(Utf8JsonCursor.MAX_NUMBER_BYTES) + "}";
    assertEquals(GAVE_UP, CursorWalk.fast(utf8(longNumber), WALK_ALL));
  }

  @Test
  void namesAreComparedAsTheirCharacters() throws Exception {
    byte[] json = utf8("{\"caf\u00e9\":1,\"ab\":2}");
    Utf8JsonCursor cursor = new Utf8JsonCursor().reset(json, json.length);
    assertEquals(JsonToken.START_OBJECT, cursor.nextToken());
    assertEquals(JsonToken.FIELD_NAME, cursor.nextToken());
    assertTrue(cursor.nameIs("caf\u00e9"));
    assertFalse(cursor.nameIs("cafe"));
    assertFalse(cursor.nameIs("caf"));
    assertFalse(cursor.nameIs(""));
    cursor.nextToken();
    cursor.nextToken();
    assertTrue(cursor.nameIs("ab"));
    assertFalse(cursor.nameIs("a"));
    assertFalse(cursor.nameIs("\u00e9"));
  }

  @Test
  void aLongValueOfMoreThanEighteenDigitsIsLeftToJackson() throws Exception {
    Utf8JsonCursor cursor = new Utf8JsonCursor().reset(utf8("-1234567890123456789"), 20);
    cursor.nextToken();
    assertThrows(Utf8JsonCursor.GiveUp.class, cursor::longValue);
  }

  @Test
  void longValuesUpToEighteenDigitsAreExact() throws Exception {
    for (String number :
        new String[] {"0", "-0", "7", "-42", "999999999999999999", "-999999999999999999"}) {
      Utf8JsonCursor cursor = new Utf8JsonCursor().reset(utf8(number), number.length());
      cursor.nextToken();
      assertEquals(Long.parseLong(number), cursor.longValue(), number);
    }
  }

  /**
   * Random JSON values written in every legal style: the fast cursor takes them all, reads them as
   * Jackson does.
   */
  @Test
  void randomValidJsonReadsTheSame() {
    Random random = new Random(11);
    for (int n = 0; n < 5_000; n++) {
      byte[] json = new RandomJson(random).document();
      IntPredicate skip = n % 3 == 0 ? WALK_ALL : c -> (c + 7 * 31) % 3 == 0;
      String fast = CursorWalk.fast(json, skip);
      assertNotEquals(GAVE_UP, fast, () -> show(json));
      assertEquals(CursorWalk.jackson(json, skip), fast, () -> show(json));
    }
  }

  /**
   * Damaged JSON: whenever the fast cursor takes the bytes, Jackson takes them too and reads the
   * same.
   */
  @Test
  void randomDamageIsEitherLeftToJacksonOrReadTheSame() {
    Random random = new Random(13);
    byte[] interesting = utf8("{}[]\",:\\ \t\n0123456789-+.eEtrufalsn/bu");
    int takenByFast = 0;
    int rejectedByJackson = 0;
    for (int n = 0; n < 30_000; n++) {
      byte[] json = damage(new RandomJson(random).document(), random, interesting);
      String fast = CursorWalk.fast(json, WALK_ALL);
      String jackson = CursorWalk.jackson(json, WALK_ALL);
      if (jackson.startsWith("NOT_AVAILABLE")) {
        continue; // Jackson's non-blocking parser leaves a number that ends the input unfinished;
        // not an event
      }
      if (!fast.equals(GAVE_UP)) {
        takenByFast++;
        assertEquals(jackson, fast, () -> show(json));
      }
      rejectedByJackson += jackson.startsWith("error: ") ? 1 : 0;
    }
    // Both sides of the comparison must have been exercised for the test to mean anything.
    assertTrue(takenByFast > 1_000, "fast cursor took " + takenByFast);
    assertTrue(rejectedByJackson > 10_000, "Jackson rejected " + rejectedByJackson);
  }

  private static byte[] damage(byte[] json, Random random, byte[] interesting) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int at = random.nextInt(json.length + 1);
    int kind = random.nextInt(5);
    out.write(json, 0, at);
    byte other =
        random.nextBoolean()
            ? interesting[random.nextInt(interesting.length)]
            : (byte) random.nextInt(256);
    switch (kind) {
      case 0 -> {} // cut here
      case 1 -> { // drop a byte
        if (at < json.length) {
          out.write(json, at + 1, json.length - at - 1);
        }
      }
      case 2 -> { // insert a byte
        out.write(other);
        out.write(json, at, json.length - at);
      }
      case 3 -> { // replace a byte
        out.write(other);
        if (at < json.length) {
          out.write(json, at + 1, json.length - at - 1);
        }
      }
      default -> { // swap two neighbours
        if (at + 1 < json.length) {
          out.write(json[at + 1]);
          out.write(json[at]);
          out.write(json, at + 2, json.length - at - 2);
        } else {
          out.write(json, at, json.length - at);
        }
      }
    }
    return out.toByteArray();
  }

  /**
   * Writes a random JSON value, using every legal form: escapes, raw UTF-8, whitespace, number
   * shapes.
   */
  private static final class RandomJson {
    private static final String[] NAMES = {
      "id",
      "choices",
      "delta",
      "content",
      "usage",
      "error",
      "message",
      "object",
      "finish_reason",
      "text",
      "tool_calls",
      "function",
      "arguments",
      "prompt_tokens",
      "caf\u00e9",
      ""
    };
    private final Random random;
    private final StringBuilder out = new StringBuilder();

    RandomJson(Random random) {
      this.random = random;
    }

    byte[] document() {
      space();
      if (random.nextInt(4) == 0) {
        // Not a number: Jackson's non-blocking parser leaves a number that ends the input
        // unfinished.
        if (random.nextBoolean()) {
          array(0);
        } else {
          string();
        }
      } else {
        object(0);
      }
      space();
      return utf8(out.toString());
    }

    private void value(int depth) {
      int kind = random.nextInt(depth > 6 ? 5 : 7);
      switch (kind) {
        case 0, 1 -> string();
        case 2 -> number();
        case 3 -> out.append(random.nextBoolean() ? "true" : "false");
        case 4 -> out.append("null");
        case 5 -> object(depth + 1);
        default -> array(depth + 1);
      }
    }

    private void object(int depth) {
      out.append('{');
      int fields = random.nextInt(5);
      for (int i = 0; i < fields; i++) {
        if (i > 0) {
          out.append(',');
        }
        space();
        out.append('"').append(NAMES[random.nextInt(NAMES.length)]).append('"');
        space();
        out.append(':');
        space();
        value(depth);
        space();
      }
      out.append('}');
    }

    private void array(int depth) {
      out.append('[');
      int elements = random.nextInt(4);
      for (int i = 0; i < elements; i++) {
        if (i > 0) {
          out.append(',');
        }
        space();
        value(depth);
        space();
      }
      out.append(']');
    }

    private void space() {
      while (random.nextInt(4) == 0) {
        out.append(" \t\r\n".charAt(random.nextInt(4)));
      }
    }

    private void number() {
      if (random.nextBoolean()) {
        out.append('-');
      }
      out.append(
          random.nextInt(4) == 0
              ? "0"
              : Long.toString(1 + (random.nextLong() >>> (2 + random.nextInt(62)))));
      if (random.nextInt(3) == 0) {
        out.append('.').append(random.nextInt(1000));
      }
      if (random.nextInt(4) == 0) {
        out.append(random.nextBoolean() ? 'e' : 'E')
            .append(random.nextBoolean() ? "" : random.nextBoolean() ? "+" : "-")
            .append(random.nextInt(300));
      }
    }

    private void string() {
      out.append('"');
      int length = random.nextInt(8);
      for (int i = 0; i < length; i++) {
        int pick = random.nextInt(10);
        int codePoint =
            switch (pick) {
              case 0 -> random.nextInt(0x20); // must be escaped
              case 1 -> 0x80 + random.nextInt(0x780); // 2 bytes
              case 2 -> 0x800 + random.nextInt(0xD000); // 3 bytes, below the surrogates
              case 3 -> 0x10000 + random.nextInt(0x100000); // 4 bytes, a surrogate pair in Java
              case 4 -> "\"\\/".charAt(random.nextInt(3));
              default -> 0x20 + random.nextInt(0x5F);
            };
        append(codePoint);
      }
      out.append('"');
    }

    private void append(int codePoint) {
      boolean escape =
          codePoint < 0x20 || codePoint == '"' || codePoint == '\\' || random.nextInt(6) == 0;
      if (!escape) {
        out.appendCodePoint(codePoint);
        return;
      }
      String shortEscape =
          switch (codePoint) {
            case '"' -> "\\\"";
            case '\\' -> "\\\\";
            case '/' -> "\\/";
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> null;
          };
      if (shortEscape != null && random.nextBoolean()) {
        out.append(shortEscape);
        return;
      }
      for (char c : Character.toChars(codePoint)) {
        String hex = String.format("%04x", (int) c);
        out.append("\\u").append(random.nextBoolean() ? hex : hex.toUpperCase());
      }
    }
  }
}
