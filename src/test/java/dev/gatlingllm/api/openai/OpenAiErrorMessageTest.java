package dev.gatlingllm.api.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.LlmDialect;
import org.junit.jupiter.api.Test;

/** Messages of non-2xx response bodies. */
class OpenAiErrorMessageTest {
  private final LlmDialect dialect = new OpenAiChatDialect();

  @Test
  void openAiErrorObject() {
    assertEquals(
        "Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM).",
        dialect.errorMessage(
            "{\n  \"error\": {\n    \"message\": \"Rate limit reached for gpt-4o in organization org-x on "
                + "tokens per min (TPM).\",\n    \"type\": \"tokens\",\n    \"param\": null,\n    \"code\": \"rate_limit_exceeded\"\n  }\n}\n"));
  }

  @Test
  void vllmErrorShapes() {
    assertEquals(
        "The model `llama` does not exist.",
        dialect.errorMessage(
            "{\"error\":{\"message\":\"The model `llama` does not exist.\",\"type\":\"NotFoundError\",\"param\":null,\"code\":404}}"));
    assertEquals(
        "This model's maximum context length is 4096 tokens.",
        dialect.errorMessage(
            "{\"object\":\"error\",\"message\":\"This model's maximum context length is 4096 tokens.\",\"type\":\"BadRequestError\","
                + "\"param\":null,\"code\":400}"));
  }

  @Test
  void looseShapes() {
    assertEquals(
        "Input validation error: `inputs` must have less than 4096 tokens",
        dialect.errorMessage(
            "{\"error\":\"Input validation error: `inputs` must have less than 4096 tokens\","
                + "\"error_type\":\"validation\"}"));
    assertEquals("Not Found", dialect.errorMessage("{\"detail\":\"Not Found\"}"));
    assertEquals("Unauthorized", dialect.errorMessage("{\"message\":\"Unauthorized\"}"));
    assertEquals(
        "invalid api key",
        dialect.errorMessage(
            "{\"error\":{\"message\":\"invalid api key\"},\"message\":\"other\"}"));
  }

  @Test
  void unicodeAndEscapesInMessages() {
    assertEquals(
        "modèle \"x\" introuvable\n😀",
        dialect.errorMessage(
            "{\"error\":{\"message\":\"modèle \\\"x\\\" introuvable\\n\\ud83d\\ude00\"}}"));
  }

  @Test
  void unknownShapesFallBackToTheBody() {
    assertEquals(
        "{\"detail\":[{\"loc\":[\"body\",\"messages\"],\"msg\":\"field required\"}]}",
        dialect.errorMessage(
            "{\"detail\":[{\"loc\":[\"body\",\"messages\"],\"msg\":\"field required\"}]}"));
    assertEquals("{\"error\":{\"code\":500}}", dialect.errorMessage("{\"error\":{\"code\":500}}"));
    assertEquals(
        "{\"error\":{\"message\":\"\"}}", dialect.errorMessage("{\"error\":{\"message\":\"\"}}"));
    assertEquals(
        "upstream connect error or disconnect/reset before headers",
        dialect.errorMessage("  upstream connect error or disconnect/reset before headers\n"));
    assertEquals("[1,2]", dialect.errorMessage("[1,2]"));
    assertEquals("{\"error\":", dialect.errorMessage("{\"error\":"));
  }

  @Test
  void longBodiesAreShortenedToOneLine() {
    String html =
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\n<body>"
            + "x".repeat(3000)
            + "</body></html>";
    String message = dialect.errorMessage(html);
    // Cut far beyond what a KO message shows (200 chars, after redaction): see Verdict.
    assertEquals(OpenAiErrors.MAX_BODY_CHARS + 3, message.length());
    assertEquals(
        html.substring(0, OpenAiErrors.MAX_BODY_CHARS).replace('\r', ' ').replace('\n', ' ')
            + "...",
        message);
  }

  @Test
  void emptyBodies() {
    assertEquals("(empty body)", dialect.errorMessage(""));
    assertEquals("(empty body)", dialect.errorMessage(" \n "));
    assertEquals("(empty body)", dialect.errorMessage(null));
  }

  @Test
  void completionsDialectSharesTheRules() {
    assertEquals(
        "bad", new OpenAiCompletionsDialect().errorMessage("{\"error\":{\"message\":\"bad\"}}"));
  }
}
