package dev.gatlingllm.e2e;

import static dev.gatlingllm.e2e.ChatActionEndToEndTest.END;
import static dev.gatlingllm.e2e.ChatActionEndToEndTest.content;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.SavedCases;
import dev.gatlingllm.testing.ScriptedHttpServer.Received;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import dev.gatlingllm.testing.ScriptedHttpServer;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failures of the fault catalogue that {@link ChatActionEndToEndTest} does not script: each is one request
 * of one real in-process Gatling run, which must end (OK or KO, with a message naming the cause) within the
 * request's timeout, and the run must account for every one of them.
 */
class FaultCatalogueEndToEndTest {
  private static final String SSE = "text/event-stream";

  private static ScriptedHttpServer server;
  private static WireMockServer https;
  private static InProcessGatling.Run run;
  private static long runMillis;
  private static Map<String, String> cases;

  static Script script(Received request) {
    Script s = new Script();
    switch (request.path()) {
      // The trailing event after [DONE] would add a token and change the content if it were read.
      case "/done-then-more" -> s.chunkedHeaders(200, SSE).chunk(content("a") + content("b") + "data: [DONE]\n\n")
          .at(20).chunk(content("c") + END).endChunks();
      case "/reset-before-headers" -> s.reset();
      case "/status500-html" -> s.fixedResponse(500, "text/html",
          "<html><head><title>500 Internal Server Error</title></head><body><h1>Oops</h1></body></html>");
      case "/status503-empty" -> s.fixedResponse(503, "text/plain", "");
      case "/slow-drip" -> {
        // One byte every 300 ms: never idle for the 1 s idle timeout, never a whole event, never an end.
        String event = content("never completed");
        s.chunkedHeaders(200, SSE);
        for (int i = 0; i < event.length(); i++) {
          s.at(300L * (i + 1)).chunk(event.substring(i, i + 1));
        }
        s.endChunks();
      }
      default -> s.fixedResponse(404, "application/json", "{\"error\":{\"message\":\"no such path\"}}");
    }
    return s;
  }

  @BeforeAll
  static void run(@TempDir Path results) throws Exception {
    server = new ScriptedHttpServer(FaultCatalogueEndToEndTest::script);
    https = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").httpDisabled(true)
        .httpsPort(0));
    https.start();
    https.stubFor(WireMock.post("/tls").willReturn(WireMock.aResponse().withStatus(200)
        .withHeader("Content-Type", SSE).withBody(content("se") + content("cure") + END)));
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    cases = new LinkedHashMap<>();
    cases.put("refused", "http://127.0.0.1:" + closedPort + "/v1/chat/completions");
    cases.put("dns", "http://no-such-host.invalid:8080/v1/chat/completions");
    for (String path : new String[] {"done-then-more", "reset-before-headers", "status500-html", "status503-empty",
        "slow-drip"}) {
      cases.put(path, server.baseUrl() + "/" + path);
    }
    cases.put("tls", "https://127.0.0.1:" + https.httpsPort() + "/tls");
    System.setProperty("test.faults", cases.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(";")));
    System.setProperty("test.idleMs", "1000");
    System.setProperty("test.timeoutMs", "3000");
    long start = System.nanoTime();
    run = InProcessGatling.run(FaultCatalogueSimulation.class, results);
    runMillis = (System.nanoTime() - start) / 1_000_000;
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    https.stop();
  }

  private static Map<String, Object> result(String name) {
    return SavedCases.result(FaultCatalogueSimulation.RESULTS, name);
  }

  private static String ko(String name) {
    return SavedCases.koMessage(FaultCatalogueSimulation.RESULTS, name);
  }

  @Test
  void runEndsAndEveryRequestIsCountedOnce() {
    assertEquals(0, run.exitCode(), "Gatling assertions (one record per case) failed:\n" + run.tail());
    assertEquals(cases.keySet(), FaultCatalogueSimulation.RESULTS.keySet(), "a user was lost");
    // The slowest case is the 3 s overall timeout.
    assertTrue(runMillis < 15_000, "run took " + runMillis + " ms");
  }

  @Test
  void connectionRefusedIsKo() {
    String error = ko("refused");
    assertTrue(error.startsWith("connection failed: ") && error.toLowerCase().contains("refused"), error);
  }

  @Test
  void unresolvableHostIsKoNamingTheResolution() {
    String error = ko("dns");
    assertTrue(error.startsWith("host not found (DNS resolution failed): ") && error.contains("no-such-host.invalid"),
        error);
  }

  @Test
  void dataAfterDoneIsIgnored() {
    Map<String, Object> r = result("done-then-more");
    assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
    assertEquals("ab", r.get("content"));
    assertEquals(2, r.get("tokenEvents"));
    // The usage event came after [DONE] too: had it been read, the count would be the server's.
    assertFalse("server usage".equals(r.get("outputTokenSource")), String.valueOf(r));
  }

  @Test
  void resetBeforeTheHeadersIsKo() {
    String error = ko("reset-before-headers");
    assertTrue(error.startsWith("connection reset by peer")
        || error.startsWith("connection closed by the server before the response ended"), error);
  }

  @Test
  void serverErrorsNameTheirStatus() {
    assertTrue(ko("status500-html").startsWith("HTTP 500"), ko("status500-html"));
    assertEquals(500, result("status500-html").get("status"));
    assertTrue(ko("status503-empty").startsWith("HTTP 503"), ko("status503-empty"));
    assertEquals(503, result("status503-empty").get("status"));
  }

  @Test
  void aDripThatNeverEndsEndsAtTheOverallTimeout() {
    assertEquals("request exceeded its timeout of 3000 ms", ko("slow-drip"));
  }

  @Test
  void aStreamOverTlsToASelfSignedServerIsRead() {
    Map<String, Object> r = result("tls");
    assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
    assertEquals("secure", r.get("content"));
  }
}
