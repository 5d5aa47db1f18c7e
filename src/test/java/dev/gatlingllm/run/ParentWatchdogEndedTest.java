package dev.gatlingllm.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ParentWatchdogEndedTest {
  @Test
  void aParentThatCannotBeReadForLackOfDescriptorsIsNotTakenForDead() {
    assertFalse(ParentWatchdog.ended(() -> true, () -> true), "alive");
    assertTrue(ParentWatchdog.ended(() -> false, () -> true), "gone, and files can be opened");
    assertFalse(
        ParentWatchdog.ended(() -> false, () -> false),
        "'not alive' while no file can be opened is no news of the parent");
  }
}
