package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import org.junit.jupiter.api.Test;

class SettingBoundsTest {
  private static String refusal(SimulatorSetting setting, String value) {
    return assertThrows(UserError.class, () -> LlmSimulator.builder().set(setting, value).config())
        .getMessage();
  }

  @Test
  void aSettingOutsideItsBoundIsOneLineBeforeTheServerStarts() {
    assertEquals(
        "sim.ioThreads must be a whole number in [1, 256] (threads), was '100000'",
        refusal(SimulatorSetting.IO_THREADS, "100000"));
    assertEquals(
        "sim.decodeStepPerStreamMicros must be a number in [0, 60000000] (us), was 'NaN'",
        refusal(SimulatorSetting.DECODE_STEP_PER_STREAM_MICROS, "NaN"));
    assertEquals(
        "sim.decodeStepBaseMicros must be a whole number in [0, 60000000] (us), was"
            + " '9223372036854775807'",
        refusal(SimulatorSetting.DECODE_STEP_BASE_MICROS, "9223372036854775807"));
    assertEquals(
        "sim.eosProbability must be a number in [0, 1], was 'Infinity'",
        refusal(SimulatorSetting.EOS_PROBABILITY, "Infinity"));
    assertEquals(
        "sim.transport must be auto, epoll, io_uring or nio, was 'tcp'",
        refusal(SimulatorSetting.TRANSPORT, "tcp"));
  }

  @Test
  void settingsWithinTheirBoundsAreTaken() {
    SimulatorConfig config =
        LlmSimulator.builder()
            .set(SimulatorSetting.IO_THREADS, "256")
            .set(SimulatorSetting.WAITING_SERVED_RATIO, "0.5")
            .config();
    assertEquals(256, config.ioThreads());
    assertEquals(0.5, config.capacity().waitingServedRatio());
  }
}
