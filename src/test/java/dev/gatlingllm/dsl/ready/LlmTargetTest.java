package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.values.SloRecords;
import java.util.List;
import org.junit.jupiter.api.Test;

class LlmTargetTest {
  @Test
  void theConsoleLineHidesUserInfoAndQueryValuesOfTheUrl() {
    System.setProperty("llm.baseUrl", "http://user:pw-SECRET@127.0.0.1:9?api_key=q-SECRET");
    System.setProperty("llm.endpoint", "/v1/chat/completions?key=e-SECRET");
    try (LlmTarget target = LlmTarget.fromSystemProperties()) {
      String block = target.describe();
      assertTrue(block.startsWith("LLM server at http://***@127.0.0.1:9?api_key=***\n"), block);
      assertTrue(block.contains("\n  endpoint          /v1/chat/completions?key=***\n"), block);
      assertFalse(block.contains("SECRET"), block);
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.endpoint");
    }
  }

  @Test
  void aRefusedUrlOrEndpointIsShownWithoutItsSecrets() {
    for (String[] bad :
        new String[][] {
          {"llm.baseUrl", "ftp://admin:PW-SECRET@127.0.0.1:21/x"},
          {"llm.baseUrl", "http://admin:PW-SECRET@ bad?api_key=K-SECRET"},
          {"llm.endpoint", "v1/chat?api_key=K-SECRET"}
        }) {
      System.setProperty(bad[0], bad[1]);
      try {
        String message =
            assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties)
                .getMessage();
        assertTrue(message.startsWith(bad[0]), message);
        assertFalse(message.contains("SECRET"), message);
        assertTrue(message.contains("***"), message);
      } finally {
        System.clearProperty(bad[0]);
      }
    }
  }

  @Test
  void theSettingsAreAShortBlockNotTheProtocolRecord() {
    System.setProperty("llm.baseUrl", "http://127.0.0.1:9");
    System.setProperty("llm.model", "my-model");
    System.setProperty("llm.apiKey", "sk-SECRET");
    try (LlmTarget target = LlmTarget.fromSystemProperties()) {
      String block = target.describe();
      assertEquals(
          List.of(
              "LLM server at http://127.0.0.1:9",
              "  endpoint          /v1/chat/completions",
              "  dialect           openai-chat",
              "  model             my-model",
              "  API key           set (hidden)",
              "  timeouts          30 s idle, 600 s per request",
              "  max tokens field  the dialect's",
              "  usage asked       yes",
              "  client tokenizer  cl100k_base",
              "  token records     off",
              "  SLO records       misses",
              "  server metrics    none"),
          block.lines().toList());
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.model");
      System.clearProperty("llm.apiKey");
    }
  }

  @Test
  void tokenRecordsAreOffByDefaultAndOnWithTheProperty() {
    System.setProperty("llm.baseUrl", "http://127.0.0.1:9");
    try {
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertFalse(LlmProtocol.of(target.llm()).tokenRecords());
      }
      System.setProperty("llm.tokenRecords", "true");
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertTrue(LlmProtocol.of(target.llm()).tokenRecords());
      }
      System.setProperty("llm.tokenRecords", "yes");
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties);
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
        assertEquals(SloRecords.MISSES, LlmProtocol.of(target.llm()).sloRecords());
      }
      System.setProperty("llm.sloRecords", "Verdicts");
      try (LlmTarget target = LlmTarget.fromSystemProperties()) {
        assertEquals(SloRecords.VERDICTS, LlmProtocol.of(target.llm()).sloRecords());
      }
      System.setProperty("llm.sloRecords", "ko");
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties);
      assertEquals(
          "llm.sloRecords: SLO records must be none, misses or verdicts, was 'ko'", e.getMessage());
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.sloRecords");
    }
  }

  @Test
  void aSimulatorProfileBesideABaseUrlOrUnreadableIsSaidInOneLine() {
    System.setProperty("llm.baseUrl", "http://127.0.0.1:9");
    System.setProperty("llm.simulator.profile", "no-such-twin.properties");
    try {
      IllegalArgumentException both =
          assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties);
      assertEquals(
          "llm.simulator.profile sets up the embedded simulator, which llm.baseUrl replaces: give"
              + " one of the two",
          both.getMessage());
      System.clearProperty("llm.baseUrl");
      IllegalArgumentException missing =
          assertThrows(IllegalArgumentException.class, LlmTarget::fromSystemProperties);
      assertTrue(
          missing
              .getMessage()
              .startsWith(
                  "llm.simulator.profile: simulator profile"
                      + " no-such-twin.properties cannot be read"),
          missing.getMessage());
    } finally {
      System.clearProperty("llm.baseUrl");
      System.clearProperty("llm.simulator.profile");
    }
  }

  private static String refusal(String property, String value) {
    System.setProperty(property, value);
    try {
      return assertThrows(dev.gatlingllm.logging.UserError.class, LlmTarget::fromSystemProperties)
          .getMessage();
    } finally {
      System.clearProperty(property);
    }
  }

  @Test
  void anUnknownDialectOrAMetricsUrlThatIsNoneIsOneLineBeforeAnyServerStarts() {
    assertTrue(
        refusal("llm.dialect", "gpt5")
            .startsWith("llm.dialect: unknown LLM dialect 'gpt5'; known dialects: "),
        refusal("llm.dialect", "gpt5"));
    assertEquals(
        "llm.serverMetrics must be true, false or an http(s) URL such as"
            + " http://127.0.0.1:8000/metrics, was 'htp://x'",
        refusal("llm.serverMetrics", "htp://x"));
    assertEquals(
        "embedded simulator: sim.ioThreads must be a whole number in [1, 256] (threads), was"
            + " '100000'",
        refusal("sim.ioThreads", "100000"));
  }
}
