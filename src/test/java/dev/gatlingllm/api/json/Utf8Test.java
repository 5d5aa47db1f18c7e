package dev.gatlingllm.api.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf8Test {
  @ParameterizedTest
  @ValueSource(
      strings = {"", "41", "c3a9", "e282ac", "f09f9880", "f48fbfbf", "efbfbf", "ed9fbf", "ee8080"})
  void wellFormedSequencesPass(String hex) {
    byte[] bytes = HexFormat.of().parseHex(hex);
    assertTrue(Utf8Validation.isWellFormed(bytes, 0, bytes.length), hex);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "80",
        "bf",
        "c0af",
        "c1bf",
        "c3",
        "c328",
        "e0808f",
        "e09fbf",
        "eda080",
        "edbfbf",
        "e282",
        "f0808080",
        "f08fbfbf",
        "f4908080",
        "f5808080",
        "ff",
        "fe",
        "f09f98"
      })
  void illFormedSequencesFail(String hex) {
    byte[] bytes = HexFormat.of().parseHex(hex);
    assertFalse(Utf8Validation.isWellFormed(bytes, 0, bytes.length), hex);
  }

  @Test
  void onlyTheGivenRangeIsChecked() {
    byte[] bytes = {(byte) 0xff, 'a', (byte) 0xc3, (byte) 0xa9, (byte) 0xc3};
    assertTrue(Utf8Validation.isWellFormed(bytes, 1, 4));
    assertFalse(Utf8Validation.isWellFormed(bytes, 1, 5));
  }

  /** The JDK's decoder, set to report errors, is strict UTF-8 too: both must agree on any bytes. */
  @Test
  void agreesWithTheJdksStrictDecoderOnRandomBytes() {
    Random random = new Random(7);
    int illFormed = 0;
    for (int n = 0; n < 200_000; n++) {
      byte[] bytes = new byte[1 + random.nextInt(6)];
      for (int i = 0; i < bytes.length; i++) {
        // Mostly bytes at and around the boundaries of the table, some ASCII.
        bytes[i] =
            (byte) (random.nextInt(4) == 0 ? random.nextInt(0x80) : 0x80 + random.nextInt(0x80));
      }
      boolean jdk = jdkAccepts(bytes);
      illFormed += jdk ? 0 : 1;
      assertEquals(
          jdk,
          Utf8Validation.isWellFormed(bytes, 0, bytes.length),
          () -> HexFormat.of().formatHex(bytes));
    }
    assertTrue(illFormed > 1000 && illFormed < 199_000, "both outcomes exercised: " + illFormed);
  }

  private static boolean jdkAccepts(byte[] bytes) {
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(Arrays.copyOf(bytes, bytes.length)));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
