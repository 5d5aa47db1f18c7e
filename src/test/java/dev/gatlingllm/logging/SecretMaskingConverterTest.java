package dev.gatlingllm.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Gatling's HTTP client at DEBUG writes each request with its headers (Netty's {@code
 * DefaultHttpHeaders[...]} in "Write request", and the {@code headers:} block of a request dump):
 * the project's logback file must mask the credential headers' values, whoever logs them.
 */
class SecretMaskingConverterTest {
  private static final String KEY = "sk-LOG-SECRET-12345";

  @Test
  void theProjectsLogbackFileMasksCredentialHeaders() throws Exception {
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
    JoranConfigurator configurator = new JoranConfigurator();
    configurator.setContext(context);
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      configurator.doConfigure(Path.of("src/test/resources/logback-test.xml").toFile());
      ch.qos.logback.classic.Logger http =
          context.getLogger("io.gatling.http.client.impl.HttpAppHandler");
      http.setLevel(ch.qos.logback.classic.Level.DEBUG);
      http.debug(
          "Write request {}",
          "Request{method=POST, uri=http://127.0.0.1:8080/v1/chat/completions, "
              + "headers=DefaultHttpHeaders[Authorization: Bearer "
              + KEY
              + ", x-api-key: "
              + KEY
              + ", api-key: "
              + KEY
              + ", content-type: application/json], realm=null}");
      http.debug(
          "HTTP request:\nPOST http://127.0.0.1:8080/v1\nheaders:\n\tAuthorization: Basic "
              + "YWRtaW46U0VDUkVULXB3\n\tProxy-Authorization: Bearer "
              + KEY
              + "\n\taccept: text/event-stream\n");
      context.stop();
    } finally {
      System.setOut(out);
    }
    String log =
        captured.toString(StandardCharsets.UTF_8)
            + context.getStatusManager().getCopyOfStatusList();
    assertTrue(
        log.contains(
            "Authorization: Bearer ***, x-api-key: ***, api-key: ***, content-type: application/json"),
        log);
    assertTrue(
        log.contains(
            "\tAuthorization: Basic ***\n\tProxy-Authorization: Bearer ***\n\taccept: text/event-stream"),
        log);
    assertFalse(log.contains("SECRET"), log);
    assertFalse(log.contains("YWRtaW46U0VDUkVULXB3"), log);
  }

  @Test
  void textWithoutCredentialsIsUnchanged() {
    String text = "Read msg='HTTP/1.1 200 OK, content-type: text/event-stream, max_tokens=32'";
    assertEquals(text, SecretMaskingConverter.mask(text));
  }
}
