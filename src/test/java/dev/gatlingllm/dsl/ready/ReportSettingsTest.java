package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class ReportSettingsTest {
  private static ReportSettings read(String... keyValues) {
    Properties properties = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      properties.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return ReportSettings.read(Settings.of(properties));
  }

  @Test
  void theReadySimulationsJudgeByDefaultSlos() {
    ReportSettings s = read();
    assertEquals(500.0, s.sloTtftMs());
    assertEquals(50.0, s.sloTpotMs());
    assertNull(s.sloE2elMs());
  }

  @Test
  void noneTurnsADefaultSloOffAndAValueReplacesIt() {
    ReportSettings s =
        read("llm.slo.ttftMs", "none", "llm.slo.tpotMs", "25", "llm.slo.e2elMs", "9000");
    assertNull(s.sloTtftMs());
    assertEquals(25.0, s.sloTpotMs());
    assertEquals(9000.0, s.sloE2elMs());
  }

  @Test
  void aBadSloNamesItsProperty() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> read("llm.slo.tpotMs", "fast"));
    assertEquals(
        "llm.slo.tpotMs must be a number in (0, 1000000000] (ms, or none), was 'fast'",
        e.getMessage(),
        "the one SLO parser, llm()'s too");
    assertNull(read("llm.slo.e2elMs", "none").sloE2elMs(), "none, as for the other SLOs");
  }

  @Test
  void theHourlyPriceAloneIsAcceptedAndTheApiPriceAloneIsNot() {
    assertEquals(4.47, read("llm.cost.pricePerHour", "4.47").pricePerHour());
    assertNull(read("llm.cost.pricePerHour", "4.47").pricePerMillionOutputTokens());
    assertEquals(
        "llm.cost.pricePerMillionOutputTokens is compared with the server's hourly price: set"
            + " llm.cost.pricePerHour too",
        assertThrows(
                IllegalArgumentException.class,
                () -> read("llm.cost.pricePerMillionOutputTokens", "0.65"))
            .getMessage());
  }
}
