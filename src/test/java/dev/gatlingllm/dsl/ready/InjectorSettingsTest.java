package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class InjectorSettingsTest {
  private static InjectorSettings read(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return InjectorSettings.read(Settings.of(p));
  }

  @Test
  void aStartTooLargeForALongNamesThePropertyAndTheValue() {
    String value = "9".repeat(25);
    assertEquals(
        "llm.injector.startAt must be a whole number in [0, 253402300799999] (epoch ms, or an ISO"
            + " instant), was '"
            + value
            + "'",
        assertThrows(IllegalArgumentException.class, () -> read("llm.injector.startAt", value))
            .getMessage());
  }

  @Test
  void everyLevelIsSplitSoThatTheSharesAddUpToThePlan() {
    int[] tenOverThree = new int[3];
    for (int i = 0; i < 3; i++) {
      tenOverThree[i] = new InjectorSettings(i, 3, -1).share(10);
    }
    assertEquals(List.of(4, 3, 3), List.of(tenOverThree[0], tenOverThree[1], tenOverThree[2]));
    for (int total : List.of(3, 7, 64, 1000)) {
      int sum = 0;
      for (int i = 0; i < 7 && total >= 7; i++) {
        sum += new InjectorSettings(i, 7, -1).share(total);
      }
      assertEquals(total >= 7 ? total : 0, sum, "shares of " + total);
    }
    assertEquals(List.of(2.0, 0.5), new InjectorSettings(1, 2, -1).shareOfRates(List.of(4.0, 1.0)));
  }

  @Test
  void aLevelSmallerThanTheInjectorsIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new InjectorSettings(0, 3, -1).shareOfLevels(List.of(4, 2)));
    assertTrue(
        e.getMessage().contains("a level of 2 streams cannot be split over 3 injectors"),
        e.getMessage());
  }

  @Test
  void readsIndexCountAndStartAtAsEpochMillisOrIsoInstant() {
    InjectorSettings s =
        read(
            "llm.injector.index",
            "2",
            "llm.injector.count",
            "3",
            "llm.injector.startAt",
            "2026-12-01T10:00:00Z");
    assertEquals(2, s.index());
    assertEquals(
        java.time.OffsetDateTime.of(2026, 12, 1, 10, 0, 0, 0, java.time.ZoneOffset.UTC)
            .toInstant()
            .toEpochMilli(),
        s.startAtEpochMillis());
    assertEquals("3 of 3", s.label());
    assertEquals(1234L, read("llm.injector.startAt", "1234").startAtEpochMillis());
    assertEquals(InjectorSettings.ALONE, read());
    assertThrows(
        IllegalArgumentException.class,
        () -> read("llm.injector.index", "3", "llm.injector.count", "3"));
    assertThrows(IllegalArgumentException.class, () -> read("llm.injector.startAt", "tomorrow"));
  }

  @Test
  void eachInjectorHasItsOwnPromptsFromTheSameSeed() {
    long first = new InjectorSettings(0, 2, -1).seed(42);
    assertEquals(
        42, first, "the first injector keeps the run's seed: a one-injector run is unchanged");
    assertNotEquals(first, new InjectorSettings(1, 2, -1).seed(42));
  }
}
