package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The auth headers a dialect builds from the key are secrets, whatever their names and shapes. */
class DialectAuthHeadersTest {
  /** An API that carries the key in a header of its own, with a prefix of its own. */
  private static final LlmDialect CUSTOM =
      new LlmDialect() {
        @Override
        public String id() {
          return "custom";
        }

        @Override
        public String defaultEndpoint() {
          return "/generate";
        }

        @Override
        public String requestBody(GenerationRequest request) {
          return "{}";
        }

        @Override
        public StreamInterpreter newInterpreter() {
          return (frame, signals) -> {};
        }

        @Override
        public String errorMessage(String responseBody) {
          return responseBody;
        }

        @Override
        public Map<String, String> authHeaders(String apiKey) {
          return Map.of("X-Gateway", "Token=" + apiKey + "-signed", "X-Plain", apiKey);
        }
      };

  @Test
  void everyValueOfTheDialectsAuthHeadersIsRedacted() {
    LlmProtocol protocol = LlmProtocol.of(LlmDsl.llm().apiKey("k-123"));
    assertEquals(
        "echo: *** and ***",
        protocol.redactor(CUSTOM).redact("echo: Token=k-123-signed and k-123"));
  }

  @Test
  void aBearerHeaderKeepsItsScheme() {
    LlmProtocol protocol = LlmProtocol.of(LlmDsl.llm().apiKey("k-123"));
    assertEquals(
        Map.of("Authorization", "Bearer k-123"), new OpenAiChatDialect().authHeaders("k-123"));
    assertEquals("Bearer ***", protocol.redactor(new OpenAiChatDialect()).redact("Bearer k-123"));
  }

  @Test
  void withoutAKeyNothingIsRedacted() {
    assertEquals("Token=x", LlmProtocol.of(LlmDsl.llm()).redactor(CUSTOM).redact("Token=x"));
  }
}
