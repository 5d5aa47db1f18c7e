package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulatorProfileTest {
  @TempDir Path dir;

  private Path profile(String text) throws Exception {
    Path file = dir.resolve("twin.properties");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void aProfilesSettingsApplyAndWhatIsGivenAfterItWins() throws Exception {
    Path file =
        profile("# a twin\nsim.slots=4\nsim.decodeStepBaseMicros=750\nsim.scheduler=chunked\n");
    CapacityModel model = LlmSimulator.builder().profile(file).slots(6).config().capacity();
    assertEquals(6, model.slots(), "the explicit setting wins");
    assertEquals(750, model.decodeStepBaseMicros());
    assertEquals(SchedulerKind.CHUNKED, model.scheduling().scheduler());
  }

  @Test
  void theSystemPropertiesBesideSimProfileWinOverIt() throws Exception {
    Path file = profile("sim.slots=4\nsim.prefillPerTokenMicros=12.5\n");
    System.setProperty("sim.profile", file.toString());
    System.setProperty("sim.slots", "9");
    try {
      CapacityModel model = LlmSimulator.builder().fromSystemProperties().config().capacity();
      assertEquals(9, model.slots());
      assertEquals(12.5, model.prefillPerTokenMicros());
    } finally {
      System.clearProperty("sim.profile");
      System.clearProperty("sim.slots");
    }
  }

  @Test
  void aBrokenEscapeOrAFileBeyondTheBoundIsOneLineNamingTheFile() throws Exception {
    Path escape = profile("sim.slots=\\u12\n");
    assertEquals(
        "simulator profile " + escape + " is not a properties file: Malformed \\uxxxx encoding.",
        assertThrows(
                dev.gatlingllm.logging.UserError.class,
                () -> LlmSimulator.builder().profile(escape))
            .getMessage());
    Path huge = profile("# " + "x".repeat((int) SimulatorProfile.MAX_BYTES) + "\n");
    String refused =
        assertThrows(
                dev.gatlingllm.logging.UserError.class, () -> LlmSimulator.builder().profile(huge))
            .getMessage();
    assertTrue(
        refused.startsWith("simulator profile " + huge) && refused.contains("1048576"), refused);
  }

  @Test
  void anUnknownKeyOrAMissingFileIsSaidInOneLine() throws Exception {
    Path file = profile("sim.slot=4\n");
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> LlmSimulator.builder().profile(file));
    assertTrue(
        unknown.getMessage().contains("sim.slot is no simulator setting"), unknown.getMessage());
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> LlmSimulator.builder().profile(dir.resolve("none.properties")));
    assertTrue(missing.getMessage().contains("cannot be read"), missing.getMessage());
  }

  /**
   * A profile's costs are refused when they are NaN, infinite or absurd (the checks were {@code <
   * 0}, which NaN passes): one line naming the setting, its bound (SettingBounds, the one reader of
   * numbers) and the value as written, before any request.
   */
  @Test
  void notANumberInfinityAndAbsurdCostsAreRefusedNamingTheSetting() throws Exception {
    java.util.Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put(
        "sim.decodeStepPerStreamMicros=NaN",
        "sim.decodeStepPerStreamMicros must be a number in [0, 60000000] (us), was 'NaN'");
    cases.put(
        "sim.prefillPerTokenMicros=Infinity",
        "sim.prefillPerTokenMicros must be a number in [0, 1000000] (us), was 'Infinity'");
    cases.put(
        "sim.waitingServedRatio=NaN",
        "sim.waitingServedRatio must be a number in [0, 1000], was 'NaN'");
    cases.put(
        "sim.decodeStepBaseMicros=9223372036854775807",
        "sim.decodeStepBaseMicros must be a whole number in [0, 60000000] (us), was"
            + " '9223372036854775807'");
    cases.put(
        "sim.decodeStepExponent=1e300",
        "sim.decodeStepExponent must be a number in [0, 4], was '1e300'");
    cases.put("sim.eosProbability=NaN", "sim.eosProbability must be a number in [0, 1], was 'NaN'");
    for (var c : cases.entrySet()) {
      Path file = profile(c.getKey() + "\n");
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> LlmSimulator.builder().profile(file).config(),
              c.getKey());
      assertEquals(c.getValue(), refused.getMessage());
    }
  }
}
