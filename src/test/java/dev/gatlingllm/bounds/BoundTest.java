package dev.gatlingllm.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import org.junit.jupiter.api.Test;

class BoundTest {
  private static final Bound IMAGES = Bound.whole(0, 64, "images per request");
  private static final Bound SECONDS = Bound.above(0, 60, "s");

  private static String refusal(Bound bound, String text) {
    return assertThrows(UserError.class, () -> bound.read("llm.x", text)).getMessage();
  }

  @Test
  void aNumberWithinItsBoundIsReadExactly() {
    assertEquals(64, IMAGES.readInt("llm.x", " 64 "));
    assertEquals(0, IMAGES.readInt("llm.x", "0"));
    assertEquals(20, IMAGES.readInt("llm.x", "2e1"), "2e1 is the whole number 20");
    assertEquals(0.5, SECONDS.readDouble("llm.x", "0.5"));
    assertEquals(60.0, SECONDS.readDouble("llm.x", "60"));
    assertEquals(
        Long.MAX_VALUE,
        Bound.whole(Long.MIN_VALUE, Long.MAX_VALUE, "").readLong("llm.x", "9223372036854775807"));
  }

  @Test
  void everythingElseIsOneLineNamingTheSourceTheRangeAndTheValue() {
    String images = "llm.x must be a whole number in [0, 64] (images per request), was ";
    assertEquals(images + "'100000'", refusal(IMAGES, "100000"));
    assertEquals(images + "'2e9'", refusal(IMAGES, "2e9"));
    assertEquals(images + "'-1'", refusal(IMAGES, "-1"));
    assertEquals(images + "'1.5'", refusal(IMAGES, "1.5"));
    assertEquals(images + "''", refusal(IMAGES, ""));
    assertEquals(images + "''", refusal(IMAGES, null));
    assertEquals(images + "'NaN'", refusal(IMAGES, "NaN"));
    assertEquals(images + "'0x10'", refusal(IMAGES, "0x10"));
    String seconds = "llm.x must be a number in (0, 60] (s), was ";
    assertEquals(seconds + "'0'", refusal(SECONDS, "0"), "the open end is refused");
    assertEquals(seconds + "'Infinity'", refusal(SECONDS, "Infinity"));
    assertEquals(seconds + "'60.000001'", refusal(SECONDS, "60.000001"));
    assertEquals(seconds + "'1e999999999'", refusal(SECONDS, "1e999999999"));
    assertEquals(
        "llm.x must be a whole number in [-9223372036854775808, 9223372036854775807], was"
            + " '9223372036854775808'",
        refusal(Bound.whole(Long.MIN_VALUE, Long.MAX_VALUE, ""), "9223372036854775808"));
  }

  @Test
  void aLongTextIsRefusedUnparsedAndNotShown() {
    String digits = "9".repeat(1_000_000);
    assertEquals(
        "llm.x must be a whole number in [0, 64] (images per request), was a text of 1000000"
            + " characters",
        refusal(IMAGES, digits));
  }

  @Test
  void aSecretInTheValueIsNotShown() {
    assertEquals(
        "llm.x must be a whole number in [0, 64] (images per request), was '***'",
        refusal(IMAGES, "sk-proj-abcdefghijklmnop"));
  }

  @Test
  void aParsedNumberIsCheckedTheSameWay() {
    assertEquals(
        "trace.jsonl line 3: tool_latency_ms must be a number in (0, 60] (s), was 'NaN'",
        assertThrows(
                UserError.class,
                () -> SECONDS.check("trace.jsonl line 3: tool_latency_ms", Double.NaN))
            .getMessage());
    assertEquals(
        "f line 1: n must be a whole number in [0, 64] (images per request), was"
            + " '9223372036854775807'",
        assertThrows(UserError.class, () -> IMAGES.check("f line 1: n", Long.MAX_VALUE))
            .getMessage());
    assertEquals(12.5, SECONDS.check("x", 12.5));
  }
}
