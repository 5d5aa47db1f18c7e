package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.testing.SavedCases;
import dev.gatlingllm.testing.ScriptedHttpServer;
import dev.gatlingllm.testing.ScriptedHttpServer.Received;
import dev.gatlingllm.testing.ScriptedHttpServer.Script;
import io.gatling.app.Gatling$;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a real Gatling simulation in-process against a server whose every byte and delay is
 * scripted: the measured TTFT and TPOT must match the script, and every broken stream must end as
 * KO with its message while the run itself ends and its records add up.
 */
class ChatActionEndToEndTest {
  private static final String SSE = "text/event-stream";
  static final List<String> CASES =
      List.of(
          "status429",
          "wrong-type",
          "invalid-json",
          "error-event",
          "reset",
          "stall",
          "endless",
          "empty",
          "close-mid-stream",
          "bad-chunk-size",
          "gzip");

  private static ScriptedHttpServer server;
  private static Path resultsDir;
  private static WireMockServer wiremock;
  private static int exitCode;
  private static long runMillis;

  static String content(String text) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
        + text
        + "\"},\"finish_reason\":null}]}\n\n";
  }

  static final String ROLE =
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}\n\n";
  static final String END =
      "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n"
          + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":10,\"total_tokens\":17}}\n\n"
          + "data: [DONE]\n\n";

  static Script script(Received request) {
    Script s = new Script();
    switch (request.path()) {
      case "/timing" -> {
        // Role-only delta at 10 ms, first content at 200 ms, then one token every 20 ms.
        s.at(5).chunkedHeaders(200, SSE).at(10).chunk(ROLE);
        for (int i = 0; i < 10; i++) {
          s.at(200 + 20L * i).chunk(content(" w" + i));
        }
        s.at(385).chunk(END).endChunks();
      }
      case "/follow-up" -> s.chunkedHeaders(200, SSE).chunk(content("ok") + END).endChunks();
      case "/status429" ->
          s.fixedResponse(
              429,
              "application/json",
              "{\"error\":{\"message\":\"Rate limit reached for requests\",\"type\":\"requests\"}}");
      case "/wrong-type" ->
          s.fixedResponse(
              200,
              "application/json",
              "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"hi\"}}]}");
      case "/invalid-json" ->
          s.chunkedHeaders(200, SSE)
              .chunk(content("a"))
              .at(20)
              .chunk("data: {\"choices\":[{\"delta\":{\"content\":\"b\"}\n\n")
              .at(40)
              .chunk(END)
              .endChunks();
      case "/error-event" ->
          s.chunkedHeaders(200, SSE)
              .chunk(content("a"))
              .at(20)
              .chunk(
                  "data: {\"error\":{\"message\":\"KV cache exhausted\",\"type\":\"server_error\"}}\n\n")
              .endChunks();
      case "/reset" -> s.chunkedHeaders(200, SSE).chunk(content("a") + content("b")).at(30).reset();
      case "/stall" -> s.chunkedHeaders(200, SSE).chunk(content("a")).stall(8_000);
      case "/endless" -> {
        s.chunkedHeaders(200, SSE);
        for (int i = 0; i < 400; i++) {
          s.at(50L * i).chunk(content("x"));
        }
        s.endChunks();
      }
      case "/empty" -> s.chunkedHeaders(200, SSE).endChunks();
      case "/close-mid-stream" -> s.chunkedHeaders(200, SSE).chunk(content("a")).at(20).close();
      case "/bad-chunk-size" ->
          s.raw(
                  "HTTP/1.1 200 OK\r\nContent-Type: "
                      + SSE
                      + "\r\nTransfer-Encoding: chunked\r\n\r\n")
              .raw("zz\r\n" + content("a") + "\r\n")
              .at(20)
              .close();
      case "/gzip" ->
          s.raw(
                  "HTTP/1.1 200 X\r\nContent-Type: "
                      + SSE
                      + "\r\nContent-Encoding: gzip\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n")
              .rawChunk(gzip(content("a") + END))
              .endChunks();
      default ->
          s.fixedResponse(404, "application/json", "{\"error\":{\"message\":\"no such path\"}}");
    }
    return s;
  }

  static byte[] gzip(String text) {
    try {
      var bytes = new java.io.ByteArrayOutputStream();
      try (var out = new java.util.zip.GZIPOutputStream(bytes)) {
        out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      return bytes.toByteArray();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Ten content events with multi-byte characters, dribbled by WireMock in 25 slices over 500 ms.
   */
  static final String DRIBBLED_BODY;

  static {
    StringBuilder body = new StringBuilder(ROLE);
    for (int i = 0; i < 10; i++) {
      body.append(content(" é" + i + "✓"));
    }
    DRIBBLED_BODY = body.append(END).toString();
  }

  @BeforeAll
  static void run(@TempDir Path results) throws Exception {
    wiremock =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    wiremock.start();
    wiremock.stubFor(
        WireMock.post("/v1/chat/completions")
            .willReturn(
                WireMock.aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/event-stream")
                    .withBody(DRIBBLED_BODY)
                    .withChunkedDribbleDelay(25, 500)));
    System.setProperty("test.wiremockUrl", wiremock.baseUrl());
    server = new ScriptedHttpServer(ChatActionEndToEndTest::script);
    System.setProperty("test.baseUrl", server.baseUrl());
    System.setProperty("test.cases", String.join(",", CASES));
    System.setProperty("test.idleMs", "1000");
    System.setProperty("test.timeoutMs", "3000");
    resultsDir = results;
    long start = System.nanoTime();
    exitCode =
        Gatling$.MODULE$.fromArgs(
            new String[] {
              "--simulation", ScriptedCasesSimulation.class.getName(),
              "--results-folder", results.toString(),
              "--no-reports"
            });
    runMillis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(Files.exists(results));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    wiremock.stop();
  }

  @Test
  void aStreamCutIntoArbitrarySlicesIsReadWhole() {
    Map<String, Object> r = result("dribble");
    assertTrue((Boolean) r.get("ok"), String.valueOf(r.get("error")));
    assertEquals(" é0✓ é1✓ é2✓ é3✓ é4✓ é5✓ é6✓ é7✓ é8✓ é9✓", r.get("content"));
    assertEquals(10, r.get("tokenEvents"));
    // The slices arrive over 500 ms: the last token cannot come before the fourth fifth of it.
    double ttft = (Double) r.get("ttftMs");
    double e2el = (Double) r.get("e2elMs");
    assertTrue(ttft >= 0 && ttft < e2el, "ttft " + ttft + ", e2el " + e2el);
    assertTrue(e2el >= 350, "e2el " + e2el);
  }

  private static Map<String, Object> result(String name) {
    return SavedCases.result(ScriptedCasesSimulation.RESULTS, name);
  }

  private static void assertKo(String name, String expectedMessageStart) {
    String error = SavedCases.koMessage(ScriptedCasesSimulation.RESULTS, name);
    assertTrue(error.startsWith(expectedMessageStart), name + ": '" + error + "'");
  }

  @Test
  void runEndsAndEveryRequestIsCountedOnce() {
    assertEquals(0, exitCode, "Gatling assertions (sent = OK + KO per record) failed");
    assertEquals(
        CASES.size() + 1,
        ScriptedCasesSimulation.RESULTS.size(),
        "the cases and the dribbled stream");
    // The slowest case is the 3 s overall timeout: the run must not wait for the 8 s stall or 20 s
    // stream.
    assertTrue(runMillis < 15_000, "run took " + runMillis + " ms");
  }

  @Test
  void ttftAndTpotMatchTheServersTimingAndTheRoleDeltaIsIgnored() {
    List<Received> all =
        server.received().stream().filter(r -> r.path().equals("/timing")).toList();
    List<Received> timed = all.subList(2, all.size()); // after the two warm-up requests
    assertEquals(ScriptedCasesSimulation.TIMED_REQUESTS, ScriptedCasesSimulation.TIMED.size());
    assertEquals(ScriptedCasesSimulation.TIMED_REQUESTS, timed.size());
    TimingErrors errors = new TimingErrors();
    for (int i = 0; i < timed.size(); i++) {
      assertTimed(ScriptedCasesSimulation.TIMED.get(i), timed.get(i), errors);
    }
    errors.assertExact();
  }

  /**
   * The truth is what the server really wrote (writes: 0 headers, 1 role delta, 2..11 the ten
   * tokens), on this JVM's nanoTime like the client's stamps. The client sent before the server
   * read the request and reads each token after it was written, so the measured TTFT can only
   * exceed the server's arrival-to-first-token time, by the two loopback deliveries: that holds for
   * every request, as do the counts and the text. How close the figures are is judged by {@link
   * TimingErrors} over all the requests.
   */
  private static void assertTimed(Map<String, Object> r, Received truth, TimingErrors errors) {
    assertTrue((Boolean) r.get("ok"), "timing case failed: " + r.get("error"));
    List<Long> w = truth.writes();
    double ttft = (Double) r.get("ttftMs");
    double tpot = (Double) r.get("tpotMs");
    double e2el = (Double) r.get("e2elMs");
    double trueTtft = (w.get(2) - truth.arrivalNanos()) / 1e6;
    assertTrue(ttft >= trueTtft, "TTFT " + ttft + " below the server's " + trueTtft);
    assertTrue(
        ttft >= 200.0,
        "TTFT " + ttft + " is below the server's 200 ms: the role delta was counted?");
    errors.ttft.add(ttft - trueTtft);
    errors.tpot.add(tpot - (w.get(11) - w.get(2)) / 9 / 1e6);
    errors.decode.add(e2el - ttft - (w.get(11) - w.get(2)) / 1e6);
    double[] gaps = (double[]) r.get("itlMs");
    assertEquals(9, gaps.length, "one gap between each two of the ten token events");
    for (int i = 0; i < gaps.length; i++) {
      errors.itl.add(gaps[i] - (w.get(i + 3) - w.get(i + 2)) / 1e6);
    }
    assertEquals(10L, r.get("outputTokens"));
    assertEquals("server usage", r.get("outputTokenSource"));
    assertEquals(7L, r.get("inputTokens"));
    assertEquals(" w0 w1 w2 w3 w4 w5 w6 w7 w8 w9", r.get("content"));
    assertEquals("length", r.get("finishReason"));
  }

  /**
   * Client figure minus the server's truth, per request (per gap for the ITL). The median must be
   * within 5 ms (1 ms for TPOT and ITL, differences of two reads where the delivery cancels out): a
   * mark in the wrong place (the headers, the role delta, the end of a read batch, the end of the
   * stream) moves every request by tens of milliseconds, and TPOT over ten gaps instead of nine by
   * 2 ms. Each single error must stay within 50 ms: one GC pause or descheduling of this JVM on a
   * shared 2-core machine delays one read in full, and is not the client's error.
   */
  private static final class TimingErrors {
    final List<Double> ttft = new ArrayList<>();
    final List<Double> tpot = new ArrayList<>();
    final List<Double> decode = new ArrayList<>();
    final List<Double> itl = new ArrayList<>();

    void assertExact() {
      assertWithin("TTFT vs the server's writes", ttft, 5.0);
      assertWithin("TPOT vs the server's writes", tpot, 1.0);
      assertWithin("E2EL - TTFT vs the server's writes", decode, 5.0);
      assertWithin("ITL vs the server's writes", itl, 1.0);
    }

    private static void assertWithin(String what, List<Double> errors, double medianBound) {
      double[] sorted =
          errors.stream().mapToDouble(Double::doubleValue).map(Math::abs).sorted().toArray();
      assertTrue(
          sorted[(sorted.length - 1) / 2] <= medianBound,
          what + ": median |error| over " + medianBound + " ms in " + errors);
      assertTrue(sorted[sorted.length - 1] <= 50.0, what + ": an error over 50 ms in " + errors);
    }
  }

  @Test
  void requestCarriesTheChatBodyTheKeyAndTheSavedAnswerFeedsTheNextTurn() {
    Received first =
        server.received().stream()
            .filter(r -> r.path().equals("/timing"))
            .skip(2)
            .findFirst()
            .orElseThrow();
    assertEquals("POST", first.method());
    assertEquals("Bearer sk-secret-123", first.headers().get("Authorization"));
    assertTrue(first.body().contains("\"stream\":true"), first.body());
    assertTrue(first.body().contains("\"include_usage\":true"), first.body());
    assertTrue(first.body().contains("\"ignore_eos\":true"), first.body());
    assertTrue(first.body().contains("\"model\":\"test-model\""), first.body());
    Received second =
        server.received().stream()
            .filter(r -> r.path().equals("/follow-up"))
            .findFirst()
            .orElseThrow();
    assertTrue(second.body().contains("\" w0 w1 w2 w3 w4 w5 w6 w7 w8 w9\""), second.body());
    assertEquals("ok", ScriptedCasesSimulation.FOLLOW_UPS.get("timing").get("content"));
    assertFalse(
        ScriptedCasesSimulation.FOLLOW_UPS.get("timing").containsKey("itlMs"),
        "gaps only with saveItl()");
  }

  @Test
  void badStatusKeepsTheServerMessage() {
    assertKo("status429", "HTTP 429: Rate limit reached for requests");
    assertEquals(429, result("status429").get("status"));
  }

  @Test
  void wrongContentTypeIsKo() {
    assertKo(
        "wrong-type", "HTTP 200 with Content-Type 'application/json', expected text/event-stream");
  }

  @Test
  void invalidJsonIsKo() {
    assertKo("invalid-json", "invalid JSON in SSE event");
  }

  @Test
  void errorEventIsKo() {
    assertKo("error-event", "error event in stream: KV cache exhausted");
  }

  @Test
  void resetIsKo() {
    Map<String, Object> r = result("reset");
    assertFalse((Boolean) r.get("ok"));
    String error = (String) r.get("error");
    assertTrue(
        error.startsWith("connection reset by peer")
            || error.startsWith("connection closed by the server"),
        error);
  }

  @Test
  void stallEndsAtTheIdleTimeout() {
    assertKo("stall", "stream stalled: no data for 1000 ms (idle timeout)");
  }

  @Test
  void endlessStreamEndsAtTheOverallTimeout() {
    assertKo("endless", "request exceeded its timeout of 3000 ms");
  }

  @Test
  void emptyBodyIsKo() {
    assertKo("empty", "empty stream: HTTP 200 response ended without any SSE event");
  }

  @Test
  void closeMidStreamIsKo() {
    assertKo("close-mid-stream", "connection closed by the server before the response ended");
  }

  @Test
  void aChunkSizeThatIsNoNumberIsNamedAsBrokenFraming() {
    assertKo("bad-chunk-size", "malformed chunked encoding: invalid character in chunk size");
  }

  @Test
  void aCompressedStreamIsKoAndEveryRequestAsksForNoCompression() {
    assertKo(
        "gzip", "HTTP 200 with Content-Encoding 'gzip': compressed streams distort token timing");
    assertFalse(server.received().isEmpty());
    for (Received request : server.received()) {
      assertEquals("identity", request.headers().get("Accept-Encoding"), request.path());
    }
  }

  @Test
  void noMessageAndNoFileContainsTheApiKey() throws Exception {
    for (Map<String, Object> r : ScriptedCasesSimulation.RESULTS.values()) {
      assertFalse(String.valueOf(r).contains("sk-secret-123"), String.valueOf(r));
    }
    List<Path> files;
    try (var walk = Files.walk(resultsDir)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertTrue(
        files.stream().anyMatch(f -> f.endsWith("llm/requests.csv")),
        "the LLM report was written: " + files);
    for (Path file : files) {
      assertFalse(
          new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1)
              .contains("sk-secret-123"),
          file + " holds the API key");
    }
  }
}
