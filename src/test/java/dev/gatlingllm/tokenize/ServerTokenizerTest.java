package dev.gatlingllm.tokenize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.logging.UserError;
import dev.gatlingllm.testing.ScriptedHttpServer;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class ServerTokenizerTest {
  @Test
  void itsNameAndErrorsHideTheUrlsUserInfo() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    ServerTokenizer tokenizer =
        new ServerTokenizer("http://admin:PW-SECRET@127.0.0.1:" + closedPort, null);
    assertEquals("server:http://***@127.0.0.1:" + closedPort, tokenizer.name());
    String message = assertThrows(UserError.class, () -> tokenizer.encode("hello")).getMessage();
    assertTrue(
        message.startsWith("cannot reach http://***@127.0.0.1:" + closedPort + "/tokenize"),
        message);
    assertFalse(message.contains("SECRET"), message);
  }

  @Test
  void anErrorBodyEchoingTheUrlsPasswordIsRedacted() throws Exception {
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request ->
                new Script()
                    .fixedResponse(
                        500,
                        "text/plain",
                        "denied for admin:PW-SECRET-LONG (UFctU0VDUkVULUxPTkc=)"))) {
      String base = server.baseUrl().replace("://", "://admin:PW-SECRET-LONG@");
      ServerTokenizer tokenizer = new ServerTokenizer(base, null);
      String message = assertThrows(UserError.class, () -> tokenizer.encode("hello")).getMessage();
      assertTrue(message.contains("/tokenize answered HTTP 500: denied for "), message);
      assertFalse(message.contains("SECRET"), message);
      assertFalse(message.contains("U0VDUkVU"), message);
    }
  }

  @Test
  void aServerThatStallsAfterItsHeadersEndsTheCallAtItsDeadline() throws Exception {
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request ->
                new Script()
                    .raw("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
                    .raw("Content-Length: 100\r\n\r\n{\"tokens\": [")
                    .stall(20_000))) {
      ServerTokenizer tokenizer =
          new ServerTokenizer(server.baseUrl(), null, java.time.Duration.ofMillis(500));
      long start = System.nanoTime();
      String message = assertThrows(UserError.class, () -> tokenizer.encode("hello")).getMessage();
      assertTrue(
          message.endsWith(
              "/tokenize gave no whole answer within 500 ms (it stalled after its" + " headers?)"),
          message);
      assertTrue(System.nanoTime() - start < 10_000_000_000L, "ended at its deadline");
    }
  }

  @Test
  void aServerAnsweringGarbageIsOneLineNamingTheEndpoint() throws Exception {
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request -> new Script().fixedResponse(200, "application/json", "<html>{tokens"))) {
      ServerTokenizer tokenizer = new ServerTokenizer(server.baseUrl(), null);
      String message = assertThrows(UserError.class, () -> tokenizer.encode("hello")).getMessage();
      assertTrue(
          message.startsWith(server.baseUrl() + "/tokenize answered what is not JSON: "), message);
      assertFalse(message.contains("\n"), message);
    }
  }
}
