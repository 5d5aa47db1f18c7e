package dev.gatlingllm.api.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonToken;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A value read through a cursor comes back as the compact JSON text it was. */
class JsonCompactTextTest {
  private static String compact(String json) throws Exception {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    JsonCursor cursor = JacksonCursor.open(DialectJson.FACTORY, bytes, bytes.length);
    JsonToken first = cursor.nextToken();
    String text = JsonCompactText.of(cursor, first);
    assertTrue(cursor.atEnd(), "the cursor is left after the value");
    return text;
  }

  @Test
  void objectsArraysStringsNumbersAndLiteralsAreWrittenCompactly() throws Exception {
    assertEquals(
        "{\"city\":\"Par\\\"is\",\"days\":[1,2.5,-3],\"ok\":true,\"no\":false,\"x\":null,\"e\":{}}",
        compact(
            "{ \"city\" : \"Par\\\"is\", \"days\": [1, 2.5, -3], \"ok\": true, \"no\": false,"
                + " \"x\": null, \"e\": {} }"));
    assertEquals("[]", compact(" [ ] "));
  }

  @Test
  void nestingDeeperThanTheLimitIsCutToNull() throws Exception {
    int depth = JsonCompactText.MAX_DEPTH + 5;
    String deep = "[".repeat(depth) + "]".repeat(depth);
    assertEquals(
        "[".repeat(JsonCompactText.MAX_DEPTH) + "null" + "]".repeat(JsonCompactText.MAX_DEPTH),
        compact(deep));
  }
}
