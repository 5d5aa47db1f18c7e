package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Each fault as the raw HTTP side sees it. */
@Timeout(30)
class SimulatorFaultsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CHAT = "/v1/chat/completions";
  private static LlmSimulator simulator;

  @BeforeAll
  static void start() {
    simulator =
        LlmSimulator.builder()
            .decodeStepBaseMicros(1_000)
            .decodeStepPerStreamMicros(0)
            .prefillBaseMicros(0)
            .prefillPerTokenMicros(0)
            .requestOverheadMicros(0)
            .maxWaitingSteps(0)
            .groundTruth(true)
            .build()
            .start();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  private static String body(int maxTokens, boolean usage) {
    return "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_tokens\":"
        + maxTokens
        + ",\"ignore_eos\":true,\"stream\":true"
        + (usage ? ",\"stream_options\":{\"include_usage\":true}" : "")
        + "}";
  }

  private static RawHttp.Response exchange(String fault, int maxTokens, boolean usage)
      throws IOException {
    try (RawHttp http = new RawHttp(simulator.port(), 2_000)) {
      http.send("POST", CHAT, body(maxTokens, usage), "x-sim-fault: " + fault);
      return http.read();
    }
  }

  /** The data payloads of an LF-framed SSE body. */
  private static List<String> data(String body) {
    List<String> data = new ArrayList<>();
    for (String event : body.split("\n\n")) {
      if (event.startsWith("data: ")) data.add(event.substring(6));
    }
    return data;
  }

  private static long contentEvents(List<String> data) {
    return data.stream().filter(d -> d.contains("\"content\":\" ")).count();
  }

  @Test
  void statusFaultsAnswerWithOpenAiErrors() throws Exception {
    for (int status : new int[] {500, 503, 429}) {
      RawHttp.Response r = exchange("status=" + status + ";retry-after=7", 5, false);
      assertEquals(status, r.status());
      assertEquals("application/json", r.header("content-type"));
      assertTrue(r.header(LlmSimulator.REQUEST_ID_HEADER).startsWith("chatcmpl-sim-"));
      assertEquals(
          r.header(LlmSimulator.REQUEST_ID_HEADER),
          r.header(LlmSimulator.RESPONSE_REQUEST_ID_HEADER));
      JsonNode error = JSON.readTree(r.body()).get("error");
      assertFalse(error.get("message").asText().isEmpty());
      assertEquals(
          status == 429 ? "rate_limit_exceeded" : "server_error", error.get("type").asText());
      if (status == 500) {
        assertNull(r.header("retry-after"));
      } else {
        assertEquals("7", r.header("retry-after"));
      }
    }
  }

  @Test
  void errorMidStreamSendsAnErrorEventThenEnds() throws Exception {
    RawHttp.Response r = exchange("error-mid-stream;after=2", 10, true);
    assertEquals(200, r.status());
    assertTrue(r.complete(), "the chunked body ends cleanly");
    List<String> data = data(r.text());
    assertEquals(2, contentEvents(data));
    String last = data.get(data.size() - 1);
    JsonNode error = JSON.readTree(last).get("error");
    assertEquals("server_error", error.get("type").asText());
    assertFalse(r.text().contains("[DONE]"));
  }

  @Test
  void resetMidStreamResetsTheConnection() throws Exception {
    try (RawHttp http = new RawHttp(simulator.port(), 2_000)) {
      http.send("POST", CHAT, body(50, false), "x-sim-fault: reset-mid-stream;after=3");
      SocketException reset =
          assertThrows(
              SocketException.class,
              () -> {
                http.read();
                http.serverClosed();
              });
      assertTrue(reset.getMessage().toLowerCase().contains("reset"), reset.getMessage());
    }
  }

  @Test
  void stallStopsSendingButKeepsTheConnectionOpen() throws Exception {
    try (RawHttp http = new RawHttp(simulator.port(), 400)) {
      http.send("POST", CHAT, body(50, false), "x-sim-fault: stall;after=2");
      RawHttp.Response r = http.read();
      assertFalse(r.complete());
      assertEquals(2, contentEvents(data(r.text())));
      assertFalse(http.serverClosed());
    }
  }

  @Test
  void tokensPerEventGroupsTokens() throws Exception {
    RawHttp.Response r = exchange("tokens-per-event=3", 7, true);
    List<String> data = data(r.text());
    List<Integer> perEvent = new ArrayList<>();
    for (String d : data) {
      if (d.contains("\"content\":\" ")) {
        String content =
            JSON.readTree(d).get("choices").get(0).get("delta").get("content").asText();
        perEvent.add(SimpleTokenizer.count(content));
      }
    }
    assertEquals(List.of(3, 3, 1), perEvent);
    assertTrue(r.text().contains("\"completion_tokens\":7"));
  }

  @Test
  void noUsageDropsTheUsageChunkEvenWhenAsked() throws Exception {
    RawHttp.Response r = exchange("no-usage", 3, true);
    assertFalse(r.text().contains("\"usage\""));
    assertTrue(r.text().endsWith("data: [DONE]\n\n"));
  }

  @Test
  void lineEndingsCanBeCrOrCrlf() throws Exception {
    String cr = exchange("line-endings=cr", 3, false).text();
    assertFalse(cr.contains("\n"));
    assertTrue(cr.endsWith("data: [DONE]\r\r"));
    assertEquals(1 + 3 + 2, cr.split("\r\r").length);
    String crlf = exchange("line-endings=crlf", 3, false).text();
    assertTrue(crlf.endsWith("data: [DONE]\r\n\r\n"));
    assertFalse(crlf.replace("\r\n", "").contains("\n"), "every LF is part of a CRLF");
  }

  @Test
  void keepaliveCommentsAppearBetweenEvents() throws Exception {
    String text = exchange("keepalive-comments", 4, false).text();
    assertTrue(text.contains("\n\n: ping\n\ndata: "), text);
    assertEquals(4, contentEvents(data(text)));
  }

  @Test
  void closeAfterResponseClosesDespiteAdvertisingKeepAlive() throws Exception {
    try (RawHttp http = new RawHttp(simulator.port(), 2_000)) {
      http.send("POST", CHAT, body(3, false), "x-sim-fault: close-after-response");
      RawHttp.Response r = http.read();
      assertTrue(r.complete());
      assertEquals("keep-alive", r.header("connection"));
      assertEquals("timeout=5, max=100", r.header("keep-alive"));
      assertTrue(http.serverClosed());
    }
  }

  @Test
  void invalidJsonBreaksOneEvent() throws Exception {
    List<String> data = data(exchange("invalid-json;at=2", 4, false).text());
    int broken = 0;
    for (String d : data) {
      if (d.equals("[DONE]")) continue;
      try {
        JSON.readTree(d);
      } catch (IOException e) {
        broken++;
        assertTrue(d.contains("\"content\":\" "));
      }
    }
    assertEquals(1, broken);
    assertFalse(data.get(2).endsWith("}"), "the second content event is the broken one");
  }

  @Test
  void wrongContentTypeStillSendsSse() throws Exception {
    RawHttp.Response r = exchange("wrong-content-type", 2, false);
    assertEquals("application/json", r.header("content-type"));
    assertTrue(r.text().startsWith("data: "));
  }

  @Test
  void emptyBodyIsA200StreamWithoutEvents() throws Exception {
    RawHttp.Response r = exchange("empty-body", 5, false);
    assertEquals(200, r.status());
    assertEquals("text/event-stream", r.header("content-type"));
    assertTrue(r.complete());
    assertEquals(0, r.body().length);
  }

  @Test
  void combinesFaultsAndRejectsUnknownOnes() throws Exception {
    String text = exchange("tokens-per-event=2, line-endings=crlf", 4, false).text();
    assertEquals(
        2, text.split("\"content\":\" ").length - 1, text); // two events of two tokens each
    assertTrue(text.endsWith("\r\n\r\n"));
    RawHttp.Response unknown = exchange("explode", 2, false);
    assertEquals(400, unknown.status());
    assertTrue(unknown.text().contains("unknown fault"));
  }

  @Test
  void globalFaultAppliesToEveryRequest() throws Exception {
    try (LlmSimulator sim = LlmSimulator.builder().fault("status=429").build().start();
        RawHttp http = new RawHttp(sim.port(), 2_000)) {
      http.send("POST", CHAT, body(2, false));
      assertEquals(429, http.read().status());
    }
  }

  @Test
  void groundTruthRecordsTheFaultOutcome() throws Exception {
    RawHttp.Response r = exchange("error-mid-stream;after=1", 5, false);
    GroundTruthRecord record =
        SimulatorEndpointsTest.awaitRecord(simulator, r.header(LlmSimulator.REQUEST_ID_HEADER));
    assertEquals("error-mid-stream", record.outcome());
    assertEquals(1, record.contentEvents().size());
  }
}
