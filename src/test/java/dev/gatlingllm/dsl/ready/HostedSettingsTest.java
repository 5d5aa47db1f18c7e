package dev.gatlingllm.dsl.ready;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.values.MaxTokensField;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The properties that make requests acceptable to hosted APIs, and which tokenizer counts during
 * the load.
 */
class HostedSettingsTest {
  private static final List<String> PROPERTIES =
      List.of(
          "llm.baseUrl",
          "llm.maxTokensField",
          "llm.ignoreEos",
          "llm.includeUsage",
          "llm.tokenizer",
          "llm.clientTokenizer");

  @AfterEach
  void clear() {
    PROPERTIES.forEach(System::clearProperty);
  }

  private static LlmTarget target(String... nameValues) {
    System.setProperty("llm.baseUrl", "http://127.0.0.1:9");
    for (int i = 0; i < nameValues.length; i += 2) {
      System.setProperty(nameValues[i], nameValues[i + 1]);
    }
    return LlmTarget.fromSystemProperties();
  }

  @Test
  void theMaxTokensFieldIsTheDialectsUnlessChosen() {
    assertNull(LlmProtocol.of(target().llm()).maxTokensField());
    assertEquals(
        MaxTokensField.MAX_COMPLETION_TOKENS,
        LlmProtocol.of(target("llm.maxTokensField", "max_completion_tokens").llm())
            .maxTokensField());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> target("llm.maxTokensField", "max_output_tokens"));
    assertEquals(
        "llm.maxTokensField: max tokens field must be max_tokens or max_completion_tokens, was"
            + " 'max_output_tokens'",
        e.getMessage());
  }

  @Test
  void ignoreEosFollowsTheWorkloadUnlessThePropertySaysOtherwise() {
    LlmTarget unset = target();
    assertTrue(
        unset.ignoreEos(true), "fixed-length workloads keep ignore_eos on self-hosted servers");
    assertFalse(unset.ignoreEos(false), "datasets let the model stop");
    assertFalse(target("llm.ignoreEos", "false").ignoreEos(true));
    assertTrue(target("llm.ignoreEos", "true").ignoreEos(false));
    assertThrows(IllegalArgumentException.class, () -> target("llm.ignoreEos", "no"));
  }

  @Test
  void usageCanBeLeftOutForServersThatRefuseStreamOptions() {
    assertTrue(LlmProtocol.of(target().llm()).includeUsage());
    assertFalse(LlmProtocol.of(target("llm.includeUsage", "false").llm()).includeUsage());
  }

  @Test
  void theClientCountsWithTheLocalPromptTokenizerByDefault() {
    assertEquals("cl100k_base", LlmProtocol.of(target().llm()).tokenizer().name());
    assertEquals(
        "o200k_base",
        LlmProtocol.of(target("llm.tokenizer", "o200k_base").llm()).tokenizer().name());
    assertNull(LlmProtocol.of(target("llm.clientTokenizer", "none").llm()).tokenizer());
  }

  @Test
  void aServerTokenizerShapesPromptsButNeverCountsDuringTheLoad() {
    Properties server = new Properties();
    server.setProperty("llm.tokenizer", "server");
    ClientTokenCount off = ClientTokenCount.fromSettings(Settings.of(server));
    assertNull(off.tokenizer());
    assertTrue(off.note().contains("no token is counted on the client during it"), off.note());
    assertNull(LlmProtocol.of(target("llm.tokenizer", "server").llm()).tokenizer());
    server.setProperty("llm.clientTokenizer", "o200k_base");
    ClientTokenCount local = ClientTokenCount.fromSettings(Settings.of(server));
    assertEquals("o200k_base", local.tokenizer().name());
    assertNull(local.note());
    server.setProperty("llm.clientTokenizer", "server");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ClientTokenCount.fromSettings(Settings.of(server)));
    assertTrue(
        e.getMessage().startsWith("llm.clientTokenizer: unknown tokenizer encoding 'server'"),
        e.getMessage());
  }
}
