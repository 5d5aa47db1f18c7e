package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Ollama's native endpoints as the raw HTTP side sees them: NDJSON lines, the final object, errors,
 * faults.
 */
@Timeout(30)
class SimulatorOllamaTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static LlmSimulator simulator;

  @BeforeAll
  static void start() {
    simulator =
        LlmSimulator.builder()
            .eosProbability(0)
            .timing("ttft=30;itl=5")
            .groundTruth(true)
            .groundTruthMaxRecords(1_000)
            .build()
            .start();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  private static String chatBody(String extra) {
    return "{\"model\":\"llama3.2\",\"messages\":[{\"role\":\"user\",\"content\":\"Why is the sky blue?\"}]"
        + extra
        + "}";
  }

  private static RawHttp.Response exchange(String path, String body, String... headers)
      throws IOException {
    // A generous read timeout: every response here ends by itself, and the machine may be busy.
    try (RawHttp http = new RawHttp(simulator.port(), 10_000)) {
      http.send("POST", path, body, headers);
      return http.read();
    }
  }

  private static List<JsonNode> lines(RawHttp.Response response) throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : response.text().split("\n")) {
      if (!line.isBlank()) {
        lines.add(JSON.readTree(line));
      }
    }
    return lines;
  }

  /**
   * The record is added once the response's last write is issued: it may come just after the client
   * read it.
   */
  private static GroundTruthRecord truth(RawHttp.Response response) throws InterruptedException {
    return SimulatorEndpointsTest.awaitRecord(
        simulator, response.header(LlmSimulator.REQUEST_ID_HEADER));
  }

  @Test
  void chatStreamsOneObjectPerLineAndEndsWithTheCountsAndDurations() throws Exception {
    RawHttp.Response r =
        exchange("/api/chat", chatBody(",\"options\":{\"num_predict\":5,\"temperature\":0}"));
    assertEquals(200, r.status());
    assertEquals("application/x-ndjson", r.header("content-type"));
    assertTrue(r.text().endsWith("}\n"), "every line ends with LF");
    List<JsonNode> lines = lines(r);
    assertEquals(6, lines.size(), "5 tokens then the final object: " + r.text());
    for (int i = 0; i < 5; i++) {
      JsonNode line = lines.get(i);
      assertEquals("llama3.2", line.get("model").asText());
      assertFalse(line.get("created_at").asText().isEmpty());
      assertEquals("assistant", line.get("message").get("role").asText());
      assertTrue(line.get("message").get("content").asText().startsWith(" "));
      assertFalse(line.get("done").asBoolean());
    }
    JsonNode last = lines.get(5);
    assertTrue(last.get("done").asBoolean());
    assertEquals("length", last.get("done_reason").asText());
    assertEquals("", last.get("message").get("content").asText());
    assertEquals(5, last.get("eval_count").asInt());
    assertEquals(
        SimpleTokenizer.count("Why is the sky blue?"), last.get("prompt_eval_count").asInt());

    GroundTruthRecord truth = truth(r);
    assertEquals(5, truth.completionTokens());
    List<GroundTruthRecord.Event> content = truth.contentEvents();
    assertEquals(5, content.size());
    long span = content.get(4).plannedNanos() - content.get(0).plannedNanos();
    assertEquals(20_000_000, span, "itl=5 ms between planned tokens");
    assertEquals(span * 5 / 4, last.get("eval_duration").asLong(), "N times the mean planned gap");
    assertEquals(
        content.get(0).plannedNanos() - truth.receivedNanos(),
        last.get("prompt_eval_duration").asLong());
  }

  @Test
  void generateStreamsResponseFields() throws Exception {
    RawHttp.Response r =
        exchange(
            "/api/generate",
            "{\"model\":\"m\",\"prompt\":\"Once upon a time\",\"options\":{\"num_predict\":3}}");
    assertEquals(200, r.status(), "streams by default, as Ollama does");
    List<JsonNode> lines = lines(r);
    assertEquals(4, lines.size(), r.text());
    for (int i = 0; i < 3; i++) {
      assertTrue(lines.get(i).get("response").asText().startsWith(" "));
      assertEquals(null, lines.get(i).get("message"));
    }
    assertEquals(3, lines.get(3).get("eval_count").asInt());
    assertEquals("", lines.get(3).get("response").asText());
  }

  @Test
  void withoutStreamingTheAnswerIsOneObject() throws Exception {
    RawHttp.Response r =
        exchange("/api/chat", chatBody(",\"stream\":false,\"options\":{\"num_predict\":4}"));
    assertEquals("application/json", r.header("content-type"));
    JsonNode body = JSON.readTree(r.body());
    assertTrue(body.get("done").asBoolean());
    assertEquals(4, body.get("eval_count").asInt());
    assertEquals(4, SimpleTokenizer.count(body.get("message").get("content").asText()));
  }

  @Test
  void aNegativeNumPredictMeansTheDefaultLimit() throws Exception {
    RawHttp.Response r =
        exchange("/api/generate", "{\"prompt\":\"p\",\"options\":{\"num_predict\":-1}}");
    assertEquals(
        128, lines(r).get(lines(r).size() - 1).get("eval_count").asInt(), "the default max tokens");
  }

  @Test
  void errorsComeInOllamasShape() throws Exception {
    RawHttp.Response status =
        exchange("/api/chat", chatBody(""), "x-sim-fault: status=503;retry-after=2");
    assertEquals(503, status.status());
    assertEquals(
        "The server is overloaded (simulated)", JSON.readTree(status.body()).get("error").asText());
    RawHttp.Response invalid = exchange("/api/generate", "{\"model\":\"m\"}");
    assertEquals(400, invalid.status());
    assertEquals("'prompt' is required", JSON.readTree(invalid.body()).get("error").asText());
    RawHttp.Response midStream =
        exchange(
            "/api/chat",
            chatBody(",\"options\":{\"num_predict\":10}"),
            "x-sim-fault: error-mid-stream;after=2");
    List<JsonNode> lines = lines(midStream);
    assertEquals(3, lines.size(), midStream.text());
    assertEquals("simulated mid-stream failure", lines.get(2).get("error").asText());
    assertEquals("error-mid-stream", truth(midStream).outcome());
  }

  @Test
  void formatFaultsApplyToLines() throws Exception {
    String broken =
        exchange(
                "/api/chat",
                chatBody(",\"options\":{\"num_predict\":3}"),
                "x-sim-fault: invalid-json=2")
            .text();
    assertTrue(broken.contains("\"done\":fal\n"), broken);
    String crlf =
        exchange(
                "/api/generate",
                "{\"prompt\":\"p\",\"options\":{\"num_predict\":2}}",
                "x-sim-fault: line-endings=crlf")
            .text();
    assertEquals(3, crlf.split("\r\n").length, crlf);
    String keepAlive =
        exchange(
                "/api/generate",
                "{\"prompt\":\"p\",\"options\":{\"num_predict\":3}}",
                "x-sim-fault: keepalive-comments")
            .text();
    assertTrue(keepAlive.contains("}\n\n{"), "a blank line between lines: " + keepAlive);
    String noCounts =
        exchange(
                "/api/generate",
                "{\"prompt\":\"p\",\"options\":{\"num_predict\":2}}",
                "x-sim-fault: no-usage")
            .text();
    assertTrue(noCounts.contains("\"done\":true") && !noCounts.contains("eval_count"), noCounts);
    RawHttp.Response wrongType =
        exchange(
            "/api/chat",
            chatBody(",\"options\":{\"num_predict\":1}"),
            "x-sim-fault: wrong-content-type");
    assertEquals("application/json", wrongType.header("content-type"));
  }
}
