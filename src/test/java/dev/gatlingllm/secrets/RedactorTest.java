package dev.gatlingllm.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactorTest {
  @Test
  void theKeyIsHiddenAloneAndAsABearerToken() {
    Redactor r = Redactor.of("sk-abc123");
    assertEquals(
        "Incorrect API key provided: Bearer ***",
        r.redact("Incorrect API key provided: Bearer sk-abc123"));
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
    for (String name :
        List.of(
            "HF_TOKEN",
            "x-api-key",
            "api-key",
            "apiKey",
            "OPENAI_API_KEY",
            "Authorization",
            "db.password",
            "client_secret",
            "accessToken",
            "key")) {
      assertTrue(Redactor.isSecretName(name), name);
    }
    for (String name :
        List.of("max_tokens", "tokenizer", "gpu", "monkey", "keyboard_layout", "x-request-id")) {
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
    assertEquals(
        List.of("gpu=H100", "HF_TOKEN=***", "note=***", "max_tokens=256"),
        Redactor.metadata(labels).entrySet().stream().map(Object::toString).toList());
  }

  @Test
  void urlsLoseUserInfoAndQueryValues() {
    assertEquals(
        "http://***@host:8080/v1/chat?api_key=***&x=***",
        Redactor.url("http://user:pass@host:8080/v1/chat?api_key=k1&x=2"));
    assertEquals("https://host/v1?flag#frag", Redactor.url("https://host/v1?flag#frag"));
    assertEquals("https://host/v1?a=***#frag", Redactor.url("https://host/v1?a=b#frag"));
    assertEquals("http://127.0.0.1:8080", Redactor.url("http://127.0.0.1:8080"));
    assertEquals("/v1/chat/completions", Redactor.url("/v1/chat/completions"));
    assertNull(Redactor.url(null));
  }

  @Test
  void urlSecretsAreUserInfoAndSecretQueryValues() {
    assertEquals(
        List.of("u:p", "p", "k1"), Redactor.urlSecrets("u:p", "api_key=k1&api-version=2024"));
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

  private static final String KEY = "sk-AB+CD/EF=GH";

  @Test
  void theKeyIsHiddenUrlEncodedJsonEscapedAndUpperCased() {
    Redactor r = Redactor.of(KEY);
    assertEquals("url ?key=*** end", r.redact("url ?key=sk-AB%2BCD%2FEF%3DGH end"));
    assertEquals("url ?key=*** end", r.redact("url ?key=sk-AB%2bCD%2fEF%3dGH end"));
    assertEquals("{\"m\":\"***\"}", r.redact("{\"m\":\"\\u0073k-AB\\u002BCD\\/EF\\u003dGH\"}"));
    assertEquals("shout ***!", r.redact("shout SK-AB+CD/EF=GH!"));
    assertEquals("lower ***", r.redact("lower sk-ab+cd/ef=gh"));
    assertEquals("mixed ***", r.redact("mixed SK-AB%2BCD\\/EF=gh"));
  }

  @Test
  void theKeyIsHiddenInsideABase64BlobAtEveryAlignment() {
    Redactor r = Redactor.of(KEY);
    for (String before : List.of("", "x", "xy", "xyz", "Authorization: Bearer ", "Bearer: ")) {
      for (String after : List.of("", "!", "!?", " and more")) {
        for (java.util.Base64.Encoder encoder :
            List.of(java.util.Base64.getEncoder(), java.util.Base64.getUrlEncoder())) {
          String blob =
              encoder.encodeToString((before + KEY + after).getBytes(StandardCharsets.UTF_8));
          String redacted = r.redact("echo " + blob + " end");
          assertTrue(redacted.contains(Redactor.MASK), blob + " -> " + redacted);
          assertFalse(decodesToTheKey(redacted), blob + " -> " + redacted);
        }
      }
    }
    // A base64 blob URL-encoded on top (a query value) or with its slashes escaped by JSON.
    String blob =
        java.util.Base64.getEncoder()
            .encodeToString(("??>" + KEY).getBytes(StandardCharsets.UTF_8));
    assertTrue(blob.contains("/") || blob.contains("+"), blob);
    assertTrue(r.redact(blob.replace("/", "%2F").replace("+", "%2B")).contains(Redactor.MASK));
    assertTrue(r.redact(blob.replace("/", "\\/")).contains(Redactor.MASK));
  }

  /** Whether any base64 run of the text still decodes to something holding most of the key. */
  private static boolean decodesToTheKey(String text) {
    java.util.regex.Matcher runs =
        java.util.regex.Pattern.compile("[A-Za-z0-9+/_-]{4,}").matcher(text);
    while (runs.find()) {
      String run = runs.group();
      for (int shift = 0; shift < 4; shift++) {
        String part = run.substring(Math.min(shift, run.length()));
        part = part.substring(0, part.length() - part.length() % 4);
        try {
          String decoded =
              new String(
                  java.util.Base64.getMimeDecoder()
                      .decode(part.replace('-', '+').replace('_', '/')),
                  StandardCharsets.ISO_8859_1);
          if (decoded.contains("AB+CD") || decoded.contains("CD/EF")) {
            return true;
          }
        } catch (IllegalArgumentException e) {
          // not base64 at this shift
        }
      }
    }
    return false;
  }

  @Test
  void aShortSecretIsHiddenOnlyWhereItStandsAlone() {
    Redactor r = Redactor.of("4");
    assertEquals("HTTP 401: Bearer ***", r.redact("HTTP 401: Bearer 4"));
    assertEquals("key=*** and 1024 tokens", r.redact("key=4 and 1024 tokens"));
    assertTrue(Redactor.MIN_PIECEWISE_LENGTH >= 8);
    Redactor seven = Redactor.of("abc1234");
    assertEquals("xabc1234 ***", seven.redact("xabc1234 abc1234"));
  }

  @Test
  void metadataValuesLoseUserInfoAndSecretNamedQueryValues() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("endpoint", "http://admin:PW-1@host:8080/v1?api_key=X-1&model=m");
    labels.put("db", "postgres://app:PW-2@db.internal:5432/runs");
    labels.put("dsn", "host=db user=app password=PW-3 dbname=runs");
    labels.put("dashboard", "https://grafana/d/abc?orgId=1&from=now-1h");
    assertEquals(
        List.of(
            "endpoint=http://***@host:8080/v1?api_key=***&model=m",
            "db=postgres://***@db.internal:5432/runs",
            "dsn=host=db user=app password=*** dbname=runs",
            "dashboard=https://grafana/d/abc?orgId=1&from=now-1h"),
        Redactor.metadata(labels).entrySet().stream().map(Object::toString).toList());
  }

  @Test
  void aSettingsValueIsShownWithoutItsSecrets() {
    assertEquals("abc", Redactor.setting("abc"));
    assertEquals("***", Redactor.setting("sk-proj-abcdefghijkl"));
    assertEquals("***", Redactor.setting("Bearer abcdefgh"));
    assertEquals(
        "ftp://***@host/x?api_key=***&v=2",
        Redactor.setting("ftp://admin:SECRETPW@host/x?api_key=K&v=2"));
  }

  @Test
  void cookiesAndCurlPasswordsAreHiddenWhereverTheyShow() {
    // Gatling's HTTP client at DEBUG prints response headers; a server may set the key as a cookie.
    assertEquals(
        "HTTP/1.1 200 OK\nset-cookie: ***\ncontent-type: text/event-stream",
        Redactor.credentialsIn(
            "HTTP/1.1 200 OK\nset-cookie: k=sk-live-0123456789; Path=/; HttpOnly\n"
                + "content-type: text/event-stream"));
    assertEquals("Cookie: ***", Redactor.credentialsIn("Cookie: a=1; session=s3cr3t-value"));
    // Run metadata holding the command that started the server.
    assertEquals(
        "curl -u admin:*** http://127.0.0.1:8080/metrics",
        Redactor.setting("curl -u admin:hunter2 http://127.0.0.1:8080/metrics"));
    assertEquals("curl --user=admin:***", Redactor.credentialsIn("curl --user=admin:hunter2"));
    assertEquals("the max-u value 3:4 stays", Redactor.credentialsIn("the max-u value 3:4 stays"));
  }
}
