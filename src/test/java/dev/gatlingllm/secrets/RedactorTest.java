package dev.gatlingllm.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactorTest {
  @Test
  void theKeyIsHiddenAloneAndAsABearerToken() {
    Redactor r = Redactor.of("sk-abc123");
    assertEquals("Incorrect API key provided: Bearer ***", r.redact("Incorrect API key provided: Bearer sk-abc123"));
    assertEquals("key *** and again ***", r.redact("key sk-abc123 and again sk-abc123"));
    assertEquals("nothing here", r.redact("nothing here"));
    assertNull(r.redact(null));
  }

  @Test
  void aSecretHoldingAnotherIsReplacedWhole() {
    assertEquals("a *** b", Redactor.of("k1", "xk1x").redact("a xk1x b"));
  }

  @Test
  void aKeyEscapedByJsonIsHiddenToo() {
    assertEquals("echo ***", Redactor.of("ab/cd+ef").redact("echo ab\\/cd+ef"));
  }

  @Test
  void noSecretsMeansTheSameText() {
    String text = "HTTP 500: boom";
    assertSame(text, Redactor.NONE.redact(text));
    assertSame(Redactor.NONE, Redactor.NONE.with(List.of("", " ")));
    assertTrue(Redactor.of((String) null).isEmpty());
    assertFalse(Redactor.of("k").toString().contains("k]"), "toString never prints a secret");
  }

  @Test
  void credentialHeadersGiveTheirValueAndTheirCredentials() {
    assertEquals(List.of("t0k"), Redactor.headerSecrets("Authorization", "Bearer t0k"));
    assertEquals(List.of("az-1"), Redactor.headerSecrets("api-key", "az-1"));
    assertEquals(List.of("an-1"), Redactor.headerSecrets("x-api-key", "an-1"));
    assertEquals(List.of("p"), Redactor.headerSecrets("Proxy-Authorization", "p"));
    assertEquals(List.of(), Redactor.headerSecrets("Content-Type", "application/json"));
    assertEquals(List.of(), Redactor.headerSecrets("Authorization", " "));
  }

  @Test
  void secretNamesGoByWordNotBySubstring() {
    for (String name : List.of("HF_TOKEN", "x-api-key", "api-key", "apiKey", "OPENAI_API_KEY", "Authorization",
        "db.password", "client_secret", "accessToken", "key")) {
      assertTrue(Redactor.isSecretName(name), name);
    }
    for (String name : List.of("max_tokens", "tokenizer", "gpu", "monkey", "keyboard_layout", "x-request-id")) {
      assertFalse(Redactor.isSecretName(name), name);
    }
  }

  @Test
  void metadataHidesValuesBySecretNameOrShapeAndKeepsOrder() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("gpu", "H100");
    labels.put("HF_TOKEN", "anything");
    labels.put("note", "sk-proj-abcdefghijklmnop");
    labels.put("max_tokens", "256");
    assertEquals(List.of("gpu=H100", "HF_TOKEN=***", "note=***", "max_tokens=256"),
        Redactor.metadata(labels).entrySet().stream().map(Object::toString).toList());
  }

  @Test
  void urlsLoseUserInfoAndQueryValues() {
    assertEquals("http://***@host:8080/v1/chat?api_key=***&x=***",
        Redactor.url("http://user:pass@host:8080/v1/chat?api_key=k1&x=2"));
    assertEquals("https://host/v1?flag#frag", Redactor.url("https://host/v1?flag#frag"));
    assertEquals("https://host/v1?a=***#frag", Redactor.url("https://host/v1?a=b#frag"));
    assertEquals("http://127.0.0.1:8080", Redactor.url("http://127.0.0.1:8080"));
    assertEquals("/v1/chat/completions", Redactor.url("/v1/chat/completions"));
    assertNull(Redactor.url(null));
  }

  @Test
  void urlSecretsAreUserInfoAndSecretQueryValues() {
    assertEquals(List.of("u:p", "p", "k1"), Redactor.urlSecrets("u:p", "api_key=k1&api-version=2024"));
    assertEquals(List.of(), Redactor.urlSecrets(null, null));
  }

  @Test
  void anApisAuthHeadersAreSecretWhateverTheirNames() {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", "Bearer k-123");
    headers.put("X-Custom-Credential-Carrier", "k-456");
    headers.put("Blank", " ");
    assertEquals(List.of("k-123", "k-456"), Redactor.credentialSecrets(headers));
    Redactor redactor = Redactor.of().with(Redactor.credentialSecrets(headers));
    assertEquals("Bearer *** and ***", redactor.redact("Bearer k-123 and k-456"));
  }
}
