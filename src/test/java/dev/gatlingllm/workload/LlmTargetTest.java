package dev.gatlingllm.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.gatling.SloRecords;
import org.junit.jupiter.api.Test;

class LlmTargetTest {
  @Test
  void theConsoleLineHidesUserInfoAndQueryValuesOfTheUrl() {
    System.setProperty("llm.baseUrl", "http://user:pw-SECRET@127.0.0.1:9?api_key=q-SECRET");
    System.setProperty("llm.endpoint", "/v1/chat/completions?key=e-SECRET");
    try (LlmTarget target = LlmTarget.fromSystemProperties()) {
      String line = target.describe();
      assertTrue(line.startsWith("LLM server at http://***@127.0.0.1:9?api_key=*** ("), line);
      assertTrue(line.contains("endpoint=/v1/chat/completions?key=***"), line);
      assertFalse(line.contains("SECRET"), line);
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.endpoint");
    }
  }

  @Test
  void tokenRecordsAreOffByDefaultAndOnWithTheProperty() {
    System.setProperty("llm.baseUrl", "http://127.0.0.1:9");
    try {
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertFalse(target.llm().protocol().tokenRecords());
      }
      System.setProperty("llm.tokenRecords", "true");
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertTrue(target.llm().protocol().tokenRecords());
      }
      System.setProperty("llm.tokenRecords", "yes");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties);
      assertEquals("llm.tokenRecords must be true or false, was 'yes'", e.getMessage());
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.tokenRecords");
    }
  }

  @Test
  void sloRecordsAreMissesByDefaultAndSetByTheProperty() {
    System.setProperty("llm.baseUrl", "http://127.0.0.1:9");
    try {
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertEquals(SloRecords.MISSES, target.llm().protocol().sloRecords());
      }
      System.setProperty("llm.sloRecords", "Verdicts");
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertEquals(SloRecords.VERDICTS, target.llm().protocol().sloRecords());
      }
      System.setProperty("llm.sloRecords", "ko");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties);
      assertEquals("llm.sloRecords: SLO records must be none, misses or verdicts, was 'ko'", e.getMessage());
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.sloRecords");
    }
  }
}
