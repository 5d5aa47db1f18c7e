package dev.gatlingllm.twin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.logging.UserError;
import org.junit.jupiter.api.Test;

/** TwinFitMain's {@code --slots}: read by the one reader, within the bound of {@code sim.slots}. */
class TwinFitMainTest {
  @Test
  void slotsAreAWholeNumberWithinTheSimulatorsBound() {
    assertEquals(4, TwinFitMain.slots("4"));
    assertEquals(100_000, TwinFitMain.slots(" 100000 "));
    for (String refused : new String[] {"0", "-1", "2e9", "NaN", "four", "1.5", ""}) {
      assertEquals(
          "--slots must be a whole number in [1, 100000] (sequences), was '" + refused.trim() + "'",
          assertThrows(UserError.class, () -> TwinFitMain.slots(refused)).getMessage());
    }
  }
}
