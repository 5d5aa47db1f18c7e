package dev.gatlingllm.e2e;

import static dev.gatlingllm.e2e.ChatActionEndToEndTest.END;
import static dev.gatlingllm.e2e.ChatActionEndToEndTest.content;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.SavedCases;
import dev.gatlingllm.testing.ScriptedHttpServer;
import dev.gatlingllm.testing.ScriptedHttpServer.Received;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The failures of the fault catalogue that {@link ChatActionEndToEndTest} does not script: each is
 * one request of one real in-process Gatling run, which must end (OK or KO, with a message naming
 * the cause) within the request's timeout, and the run must account for every one of them
 * (Gatling's counts and the LLM report's). Every HTTP error class comes with the three bodies
 * servers and proxies send: an OpenAI-style JSON error, an HTML page, nothing.
 */
class FaultCatalogueEndToEndTest {
  private static final String SSE = "text/event-stream";

  /** The error statuses of the catalogue: each with a JSON, an HTML and an empty body. */
  static final List<Integer> ERROR_STATUSES =
      List.of(400, 401, 403, 404, 408, 413, 429, 500, 502, 503, 504);

  static final List<String> ERROR_BODIES = List.of("json", "html", "empty");

  /** The cases that end OK (every other case must end KO). */
  static final Set<String> OK_CASES =
      Set.of(
          "done-then-more", "tls", "http2", "early-hints", "continue-unasked", "usage-beyond-long");

  /**
   * Requests, one after the other, to the server that closes the connection after each response.
   */
  static final int REUSE_REQUESTS = 10;

  /** The HTTP/2 stream: five events dribbled over this long. */
  static final long H2_STREAM_MILLIS = 1_000;

  /**
   * The idle and overall timeouts: long enough for a TLS handshake on a busy machine (the first
   * case of a run warms up the whole client), short enough to keep the run bounded; the drip and
   * the stall outlast them.
   */
  static final long IDLE_MS = 4_000;

  static final long TIMEOUT_MS = 8_000;
  private static final int H2_EVENTS = 5;

  /** 2^63: one more than the largest long. */
  static final String TWO_TO_THE_63 = "9223372036854775808";

  /**
   * Paths requested once before the cases, with the TLS and the HTTP/2 ones (see
   * FaultCatalogueSimulation).
   */
  private static final List<String> WARM_UP = List.of("/http/500/json", "/done-then-more");

  private static ScriptedHttpServer server;
  private static final java.util.concurrent.atomic.AtomicBoolean RESET_ONCE =
      new java.util.concurrent.atomic.AtomicBoolean();
  private static WireMockServer https;
  private static InProcessGatling.Run run;
  private static long runMillis;
  private static Map<String, String> cases;

  static Script script(Received request) {
    Script s = new Script();
    switch (request.path()) {
      // The trailing event after [DONE] would add a token and change the content if it were read.
      case "/done-then-more" ->
          s.chunkedHeaders(200, SSE)
              .chunk(content("a") + content("b") + "data: [DONE]\n\n")
              .at(20)
              .chunk(content("c") + END)
              .endChunks();
      // Interim 1xx responses before the answer, as HTTP clients skip them: Early Hints (with its
      // Link header), and a 100 Continue the request never asked for (no Expect header).
      case "/early-hints" ->
          s.raw("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
              .at(20)
              .chunkedHeaders(200, SSE)
              .chunk(content("early") + END)
              .endChunks();
      case "/continue-unasked" ->
          s.raw("HTTP/1.1 100 Continue\r\n\r\n")
              .chunkedHeaders(200, SSE)
              .chunk(content("go") + END)
              .endChunks();
      // A whole answer whose usage, after the finish_reason, counts 2^63 output tokens: valid JSON,
      // beyond a long.
      case "/usage-beyond-long" ->
          s.chunkedHeaders(200, SSE)
              .chunk(
                  content("big")
                      + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
                      + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":"
                      + TWO_TO_THE_63
                      + ",\"total_tokens\":"
                      + TWO_TO_THE_63
                      + "}}\n\n"
                      + "data: [DONE]\n\n")
              .endChunks();
      case "/reset-before-headers" -> s.reset();
      // Headers, then the connection is gone before the first event: reset (RST), or closed (FIN).
      case "/reset-after-headers" -> s.chunkedHeaders(200, SSE).at(20).reset();
      case "/close-after-headers" -> s.chunkedHeaders(200, SSE).at(20).close();
      // Accepted, then silence: no status line ever comes.
      case "/stall-before-headers" -> s.stall(IDLE_MS + TIMEOUT_MS);
      // As llama.cpp's server: says keep-alive, streams the whole answer, then closes the
      // connection.
      case "/close-after-response" ->
          s.raw(
                  "HTTP/1.1 200 OK\r\nContent-Type: "
                      + SSE
                      + "\r\nConnection: keep-alive"
                      + "\r\nKeep-Alive: timeout=5, max=100\r\nTransfer-Encoding: chunked\r\n\r\n")
              .chunk(content("a") + END)
              .endChunks()
              .close();
      // Keeps an idle connection for 100 ms (nginx's keepalive_timeout, the simulator's idle
      // timeout), then closes it: the user, thinking for 300 ms, finds its pooled connection
      // closed.
      case "/close-when-idle" ->
          s.chunkedHeaders(200, SSE).chunk(content("b") + END).endChunks().at(100).close();
      // A plain kept-alive answer; then, on the next request over that connection, a reset as soon
      // as the server has read it (the first time only: a request sent again would be answered).
      case "/kept-alive" -> s.chunkedHeaders(200, SSE).chunk(content("k") + END).endChunks();
      case "/reset-on-reuse" -> {
        if (RESET_ONCE.compareAndSet(false, true)) {
          s.reset();
        } else {
          s.chunkedHeaders(200, SSE).chunk(content("again") + END).endChunks();
        }
      }
      case "/slow-drip" -> {
        // One byte every 300 ms: never idle for the idle timeout, never a whole event, never an
        // end.
        String event = content("never completed");
        s.chunkedHeaders(200, SSE);
        for (int i = 0; i < event.length(); i++) {
          s.at(300L * (i + 1)).chunk(event.substring(i, i + 1));
        }
        s.endChunks();
      }
      default -> {
        if (request.path().startsWith("/http/")) {
          String[] parts = request.path().split("/");
          errorResponse(s, Integer.parseInt(parts[2]), parts[3]);
        } else {
          s.fixedResponse(404, "application/json", "{\"error\":{\"message\":\"no such path\"}}");
        }
      }
    }
    return s;
  }

  /** An error status with one of the bodies servers and proxies send. */
  private static void errorResponse(Script s, int status, String body) {
    switch (body) {
      case "json" ->
          s.fixedResponse(
              status,
              "application/json",
              "{\"error\":{\"message\":\""
                  + jsonMessage(status)
                  + "\",\"type\":\"scripted_error\"}}");
      case "html" -> s.fixedResponse(status, "text/html", htmlPage(status));
      default -> s.fixedResponse(status, "text/plain", "");
    }
  }

  static String jsonMessage(int status) {
    return "scripted error " + status;
  }

  /** What nginx and most proxies send. */
  static String htmlPage(int status) {
    return "<html><head><title>"
        + status
        + "</title></head><body><center><h1>"
        + status
        + "</h1></center><hr><center>nginx</center></body></html>";
  }

  static String statusCase(int status, String body) {
    return "http-" + status + "-" + body;
  }

  static Stream<Object[]> statusCases() {
    return ERROR_STATUSES.stream()
        .flatMap(status -> ERROR_BODIES.stream().map(body -> new Object[] {status, body}));
  }

  @BeforeAll
  static void run(@TempDir Path results) throws Exception {
    server = new ScriptedHttpServer(FaultCatalogueEndToEndTest::script);
    https =
        new WireMockServer(
            WireMockConfiguration.options()
                .bindAddress("127.0.0.1")
                .httpDisabled(true)
                .httpsPort(0));
    https.start();
    https.stubFor(
        WireMock.post("/tls")
            .willReturn(
                WireMock.aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", SSE)
                    .withBody(content("se") + content("cure") + END)));
    StringBuilder h2Body = new StringBuilder();
    for (int i = 0; i < H2_EVENTS; i++) {
      h2Body.append(content("h" + i));
    }
    // WireMock's Jetty speaks HTTP/2 over TLS (ALPN); the body comes in slices spread over the time
    // given.
    https.stubFor(
        WireMock.post("/h2")
            .willReturn(
                WireMock.aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", SSE)
                    .withBody(h2Body + END)
                    .withChunkedDribbleDelay(H2_EVENTS, (int) H2_STREAM_MILLIS)));
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    cases = new LinkedHashMap<>();
    cases.put("refused", "http://127.0.0.1:" + closedPort + "/v1/chat/completions");
    cases.put("dns", "http://no-such-host.invalid:8080/v1/chat/completions");
    for (String path :
        new String[] {
          "done-then-more",
          "reset-before-headers",
          "reset-after-headers",
          "close-after-headers",
          "stall-before-headers",
          "slow-drip",
          "early-hints",
          "continue-unasked",
          "usage-beyond-long"
        }) {
      cases.put(path, server.baseUrl() + "/" + path);
    }
    statusCases()
        .forEach(
            c ->
                cases.put(
                    statusCase((Integer) c[0], (String) c[1]),
                    server.baseUrl() + "/http/" + c[0] + "/" + c[1]));
    cases.put("tls", "https://127.0.0.1:" + https.httpsPort() + "/tls");
    System.setProperty(
        "test.faults",
        cases.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(";")));
    System.setProperty("test.reuseUrl", server.baseUrl() + "/close-after-response");
    System.setProperty("test.reuseRequests", String.valueOf(REUSE_REQUESTS));
    System.setProperty("test.idleCloseUrl", server.baseUrl() + "/close-when-idle");
    System.setProperty("test.keptAliveUrl", server.baseUrl() + "/kept-alive");
    System.setProperty("test.resetOnReuseUrl", server.baseUrl() + "/reset-on-reuse");
    System.setProperty("test.h2Url", "https://127.0.0.1:" + https.httpsPort() + "/h2");
    System.setProperty(
        "test.warmUpUrls",
        String.join(";", WARM_UP.stream().map(path -> server.baseUrl() + path).toList())
            + ";https://127.0.0.1:"
            + https.httpsPort()
            + "/tls");
    System.setProperty("test.idleMs", String.valueOf(IDLE_MS));
    System.setProperty("test.timeoutMs", String.valueOf(TIMEOUT_MS));
    long start = System.nanoTime();
    run = InProcessGatling.run(FaultCatalogueSimulation.class, results);
    runMillis = (System.nanoTime() - start) / 1_000_000;
    try (Stream<Path> runs = Files.list(results)) {
      Path folder = runs.filter(Files::isDirectory).findFirst().orElseThrow();
      summary = new ObjectMapper().readTree(folder.resolve("llm/summary.json").toFile());
    }
  }

  private static JsonNode summary;

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
    assertEquals(
        0, run.exitCode(), "Gatling assertions (one record per case) failed:\n" + run.tail());
    Set<String> saved = new HashSet<>(cases.keySet());
    saved.add("http2");
    assertEquals(saved, FaultCatalogueSimulation.RESULTS.keySet(), "a user was lost");
    assertEquals(
        REUSE_REQUESTS,
        FaultCatalogueSimulation.REUSE.size(),
        "a request of the reuse user was lost");
    assertEquals(
        REUSE_REQUESTS,
        FaultCatalogueSimulation.IDLE_CLOSED.size(),
        "a request of the idle user was lost");
    // The slowest case is the overall timeout.
    // The run's own duration (from the report): a slow start of Gatling on a busy machine is not a
    // hang.
    double runSeconds = summary.path("run_duration_s").asDouble();
    assertTrue(
        runSeconds < (TIMEOUT_MS + 15_000) / 1000.0,
        "run took " + runSeconds + " s (" + runMillis + " ms with Gatling's start)");
  }

  @Test
  void theLlmReportCountsEveryRequestSentAsOkOrKo() {
    // The cases, the reuse and idle users, HTTP/2, the warm-ups (plain, TLS and HTTP/2) and the
    // reset-on-reuse user.
    long sent = cases.size() + 2L * REUSE_REQUESTS + 1 + WARM_UP.size() + 2 + 2;
    long ko =
        cases.keySet().stream().filter(c -> !OK_CASES.contains(c)).count()
            + 1; // the warm-up's HTTP 500
    assertEquals(
        sent,
        summary.path("completed").asLong() + summary.path("failed").asLong(),
        summary.path("errors").toString());
    assertEquals(ko, summary.path("failed").asLong(), summary.path("errors").toString());
  }

  @Test
  void everyKoCaseEndsKoWithAMessage() {
    for (Map.Entry<String, Map<String, Object>> e : FaultCatalogueSimulation.RESULTS.entrySet()) {
      boolean ok = (Boolean) e.getValue().get("ok");
      assertEquals(OK_CASES.contains(e.getKey()), ok, e.getKey() + ": " + e.getValue());
      if (!ok) {
        String message = (String) e.getValue().get("error");
        assertTrue(
            message != null && !message.isBlank() && message.length() <= 200,
            e.getKey() + ": " + message);
      }
    }
  }

  /**
   * The catalogue must not shrink unnoticed: its distinct cases, here and in {@link
   * ChatActionEndToEndTest}.
   */
  @Test
  void theCatalogueHasAtLeastThirtyDistinctCases() {
    Set<String> distinct = new HashSet<>(FaultCatalogueSimulation.RESULTS.keySet());
    distinct.add("close-after-response");
    distinct.add("close-when-idle");
    distinct.add("reset-on-reuse");
    distinct.addAll(ChatActionEndToEndTest.CASES);
    assertEquals(
        cases.size() + 4 + ChatActionEndToEndTest.CASES.size(),
        distinct.size(),
        "a case counted twice");
    assertTrue(distinct.size() >= 30, distinct.size() + " cases: " + distinct);
    assertTrue(cases.size() >= 30, "this run alone has " + cases.size() + " cases");
  }

  @Test
  void connectionRefusedIsKo() {
    String error = ko("refused");
    assertTrue(
        error.startsWith("connection failed: ") && error.toLowerCase().contains("refused"), error);
  }

  @Test
  void unresolvableHostIsKoNamingTheResolution() {
    String error = ko("dns");
    assertTrue(
        error.startsWith("host not found (DNS resolution failed): ")
            && error.contains("no-such-host.invalid"),
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

  /**
   * An interim 1xx response is not the answer: the request reads the 200 after it, as HTTP clients
   * do.
   */
  @Test
  void interimResponsesBeforeTheAnswerAreSkipped() {
    for (String name : List.of("early-hints", "continue-unasked")) {
      Map<String, Object> r = result(name);
      assertTrue((Boolean) r.get("ok"), name + ": " + r.get("error"));
      assertEquals(200, r.get("status"), name);
    }
    assertEquals("early", result("early-hints").get("content"));
    assertEquals("go", result("continue-unasked").get("content"));
  }

  /**
   * A count no long holds is as implausible as 10^10: ignored and flagged, and the complete answer
   * stays OK.
   */
  @Test
  void aUsageCountBeyondALongIsIgnoredAndTheAnswerStaysOk() {
    Map<String, Object> r = result("usage-beyond-long");
    assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
    assertEquals("big", r.get("content"));
    assertEquals(
        1L, ((Number) r.get("outputTokens")).longValue(), "the client's count: one token event");
    assertEquals(
        1, summary.path("untrusted_streams").path("usage_ignored").asLong(), summary.toString());
  }

  @Test
  void resetBeforeTheHeadersIsKo() {
    String error = ko("reset-before-headers");
    assertTrue(
        error.startsWith("connection reset by peer")
            || error.startsWith("connection closed by the server before the response ended"),
        error);
  }

  @ParameterizedTest(name = "HTTP {0} with a {1} body")
  @MethodSource("statusCases")
  void anErrorStatusIsKoNamingTheStatusAndTheServersReason(int status, String body) {
    String name = statusCase(status, body);
    String error = ko(name);
    String expected =
        switch (body) {
          case "json" -> "HTTP " + status + ": " + jsonMessage(status);
          case "html" -> "HTTP " + status + ": " + htmlPage(status);
          default -> "HTTP " + status + ": (empty body)";
        };
    assertEquals(expected, error, name);
    assertEquals(status, result(name).get("status"));
  }

  @Test
  void aResetOrCloseAfterTheHeadersIsKoNamingIt() {
    // The client reads the RST as a reset, or as the connection's end when it reads the end first.
    String reset = ko("reset-after-headers");
    assertTrue(
        reset.equals("connection reset by peer")
            || reset.equals("connection closed by the server before the response ended"),
        reset);
    assertEquals(
        "connection closed by the server before the response ended", ko("close-after-headers"));
  }

  @Test
  void aServerThatNeverAnswersEndsAtTheIdleTimeout() {
    assertEquals(
        "stream stalled: no data for " + IDLE_MS + " ms (idle timeout)",
        ko("stall-before-headers"));
  }

  /**
   * llama.cpp's server says keep-alive, then closes the connection after each streamed response:
   * the next request must not fail because the pool handed out the closed connection.
   */
  @Test
  void aServerThatClosesAfterEachResponseLosesNoRequest() {
    for (Map<String, Object> r : FaultCatalogueSimulation.REUSE) {
      assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
      assertEquals("a", r.get("content"));
    }
    long requests =
        server.received().stream().filter(r -> r.path().equals("/close-after-response")).count();
    // Once each: a request resent after the server had read it would show here twice.
    assertEquals(REUSE_REQUESTS, requests, "each request reached the server once");
  }

  /** A server that closes idle kept-alive connections: the pool must not hand out one it closed. */
  @Test
  void aConnectionClosedByTheServerWhileIdleIsNotReused() {
    for (Map<String, Object> r : FaultCatalogueSimulation.IDLE_CLOSED) {
      assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
      assertEquals("b", r.get("content"));
    }
    long requests =
        server.received().stream().filter(r -> r.path().equals("/close-when-idle")).count();
    assertEquals(REUSE_REQUESTS, requests, "each request reached the server once");
  }

  /**
   * A kept-alive connection reset by the server as soon as it has read the next request, before any
   * byte of the answer: Gatling's HTTP client sends that request again on a new connection (as it
   * does for any pooled connection that closes before the response begins). The request ends OK and
   * is counted once, but the server received it twice: docs/failures.md says so.
   */
  @Test
  void aKeptAliveConnectionResetAfterTheServerReadTheNextRequestIsSentAgain() {
    List<Map<String, Object>> r = FaultCatalogueSimulation.RESET_ON_REUSE;
    assertEquals(2, r.size(), "both requests of the user ended");
    assertTrue((Boolean) r.get(0).get("ok"), String.valueOf(r.get(0).get("error")));
    assertEquals("k", r.get(0).get("content"));
    assertTrue((Boolean) r.get(1).get("ok"), String.valueOf(r.get(1).get("error")));
    assertEquals("again", r.get(1).get("content"), "the answer to the request sent again");
    assertEquals(
        2,
        server.received().stream().filter(q -> q.path().equals("/reset-on-reuse")).count(),
        "read once on the kept-alive connection, then again on a new one");
  }

  @Test
  void aStreamOverHttp2IsReadEventByEventAsItArrives() {
    Map<String, Object> r = result("http2");
    assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
    assertEquals("h0h1h2h3h4", r.get("content"));
    assertEquals(
        "HTTP/2.0",
        https.getAllServeEvents().stream()
            .filter(e -> e.getRequest().getUrl().equals("/h2"))
            .findFirst()
            .orElseThrow()
            .getRequest()
            .getProtocol());
    // The body came in slices over H2_STREAM_MILLIS: the first token well before the end, not all
    // at once.
    double ttft = ((Number) r.get("ttftMs")).doubleValue();
    double e2e = ((Number) r.get("e2elMs")).doubleValue();
    assertTrue(e2e >= H2_STREAM_MILLIS * 0.6, "e2e " + e2e + " ms");
    assertTrue(ttft < e2e * 0.5, "ttft " + ttft + " ms of " + e2e);
  }

  @Test
  void aDripThatNeverEndsEndsAtTheOverallTimeout() {
    assertEquals("request exceeded its timeout of " + TIMEOUT_MS + " ms", ko("slow-drip"));
  }

  @Test
  void aStreamOverTlsToASelfSignedServerIsRead() {
    Map<String, Object> r = result("tls");
    assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
    assertEquals("secure", r.get("content"));
  }
}
