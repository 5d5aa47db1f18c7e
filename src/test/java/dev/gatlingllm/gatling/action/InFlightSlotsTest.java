package dev.gatlingllm.gatling.action;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Users beyond the cap wait in their order and go on as slots free; a freed slot is not lost. */
class InFlightSlotsTest {
  @Test
  void usersBeyondTheCapWaitAndResumeInOrder() {
    InFlightSlots slots = new InFlightSlots(2);
    List<String> ran = new ArrayList<>();
    for (String user : List.of("a", "b", "c", "d")) {
      slots.acquire(() -> ran.add(user));
    }
    assertEquals(List.of("a", "b"), ran);
    assertEquals(2, slots.taken());
    slots.release();
    assertEquals(List.of("a", "b", "c"), ran, "the slot went to the first waiting");
    assertEquals(2, slots.taken());
    slots.release();
    slots.release();
    slots.release();
    assertEquals(List.of("a", "b", "c", "d"), ran);
    assertEquals(0, slots.taken());
    slots.release();
    assertEquals(0, slots.taken(), "an extra release frees nothing that was not taken");
  }

  @Test
  void theCapIsAtLeastOne() {
    assertThrows(IllegalArgumentException.class, () -> new InFlightSlots(0));
  }
}
