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
}
