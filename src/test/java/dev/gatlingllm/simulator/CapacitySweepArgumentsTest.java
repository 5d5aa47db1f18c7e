package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import org.junit.jupiter.api.Test;

/** CapacitySweep's command line: its numbers read by the one reader, within a stated bound. */
class CapacitySweepArgumentsTest {
  private static final SchedulingPolicy DEFAULTS = CapacityModel.DEFAULT.scheduling();

  private static String refusal(String... args) {
    return assertThrows(UserError.class, () -> CapacitySweep.Arguments.parse(args, DEFAULTS))
        .getMessage();
  }

  @Test
  void theNumbersGivenAreTaken() {
    CapacitySweep.Arguments read =
        CapacitySweep.Arguments.parse(
            new String[] {"prompt=8192", "sharedPrefix=7373", "streams=1,8,64"}, DEFAULTS);
    assertEquals(8192, read.prompt());
    assertEquals(7373, read.sharedPrefix());
    assertArrayEquals(new int[] {1, 8, 64}, read.streams());
    CapacitySweep.Arguments none = CapacitySweep.Arguments.parse(new String[0], DEFAULTS);
    assertEquals(256, none.prompt());
    assertEquals(0, none.sharedPrefix());
    assertArrayEquals(new int[] {1, 4, 16, 32, 64, 128}, none.streams());
  }

  @Test
  void aNumberOutsideItsBoundIsOneLineNamingTheArgument() {
    assertEquals(
        "CapacitySweep prompt must be a whole number in [1, 1000000] (tokens), was '2e9'",
        refusal("prompt=2e9"));
    assertEquals(
        "CapacitySweep sharedPrefix must be a whole number in [0, 1000000] (tokens), was '-1'",
        refusal("sharedPrefix=-1"));
    assertEquals(
        "CapacitySweep streams must be a whole number in [1, 100000] (streams), was 'NaN'",
        refusal("streams=1,NaN"));
    assertEquals(
        "CapacitySweep streams must be a whole number in [1, 100000] (streams), was ''",
        refusal("streams=1,,4"));
    assertEquals(
        "CapacitySweep streams must list at most 64 levels",
        refusal("streams=" + "1,".repeat(64) + "1"));
    assertEquals(
        "CapacitySweep: unknown argument 'promt=8' (scheduler=, prefixCache=, prompt=,"
            + " sharedPrefix=, streams=)",
        refusal("promt=8"));
  }
}
