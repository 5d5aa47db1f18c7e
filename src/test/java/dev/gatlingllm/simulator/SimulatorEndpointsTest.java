package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class SimulatorEndpointsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
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
            .groundTruthMaxRecords(1_000)
            .build()
            .start();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  private static String chatBody(String extra) {
    return "{\"model\":\"my-model\",\"messages\":[{\"role\":\"user\",\"content\":\"Tell me, a story.\"}]"
        + extra
        + "}";
  }

  @Test
  void streamsChatInOpenAiWireFormat() throws Exception {
    SseClient.Result result =
        SseClient.post(
            simulator.baseUri(),
            "/v1/chat/completions",
            chatBody(
                ",\"max_tokens\":5,\"ignore_eos\":true,\"stream\":true,\"stream_options\":{\"include_usage\":true}"));
    assertEquals(200, result.response().statusCode());
    assertEquals(
        "text/event-stream", result.response().headers().firstValue("content-type").orElseThrow());
    String requestId =
        result.response().headers().firstValue(LlmSimulator.REQUEST_ID_HEADER).orElseThrow();
    assertEquals(
        requestId,
        result
            .response()
            .headers()
            .firstValue(LlmSimulator.RESPONSE_REQUEST_ID_HEADER)
            .orElseThrow(),
        "the same id under the name real servers use");

    // every event is one data line followed by one blank line
    List<SseClient.Line> lines = result.lines();
    for (int i = 0; i < lines.size(); i += 2) {
      assertTrue(lines.get(i).text().startsWith("data: "), lines.get(i).text());
      assertEquals("", lines.get(i + 1).text());
    }
    List<String> data = result.data();
    assertEquals(1 + 5 + 1 + 1 + 1, data.size(), data.toString());

    JsonNode role = JSON.readTree(data.get(0));
    assertEquals(requestId, role.get("id").asText());
    assertTrue(requestId.startsWith("chatcmpl-"));
    assertEquals("chat.completion.chunk", role.get("object").asText());
    assertEquals("my-model", role.get("model").asText());
    assertTrue(role.get("created").isNumber());
    JsonNode roleChoice = role.get("choices").get(0);
    assertEquals(0, roleChoice.get("index").asInt());
    assertEquals("assistant", roleChoice.get("delta").get("role").asText());
    assertEquals("", roleChoice.get("delta").get("content").asText());
    assertTrue(roleChoice.get("finish_reason").isNull());

    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 5; i++) {
      JsonNode chunk = JSON.readTree(data.get(i));
      JsonNode delta = chunk.get("choices").get(0).get("delta");
      assertEquals(1, delta.size(), "content-only delta");
      String token = delta.get("content").asText();
      assertTrue(token.startsWith(" ") && SimpleTokenizer.count(token) == 1, token);
      text.append(token);
    }
    assertEquals(5, SimpleTokenizer.count(text));

    JsonNode finish = JSON.readTree(data.get(6)).get("choices").get(0);
    assertEquals("length", finish.get("finish_reason").asText());
    assertEquals(0, finish.get("delta").size());

    JsonNode usageChunk = JSON.readTree(data.get(7));
    assertEquals(0, usageChunk.get("choices").size());
    JsonNode usage = usageChunk.get("usage");
    assertEquals(SimpleTokenizer.count("Tell me, a story."), usage.get("prompt_tokens").asInt());
    assertEquals(5, usage.get("completion_tokens").asInt());
    assertEquals(usage.get("prompt_tokens").asInt() + 5, usage.get("total_tokens").asInt());
    assertEquals("[DONE]", data.get(8));

    GroundTruthRecord truth = awaitRecord(requestId);
    assertEquals("length", truth.outcome());
    assertEquals(5, truth.contentEvents().size());
    assertEquals(5, truth.completionTokens());
    assertTrue(truth.endNanos() >= truth.receivedNanos());
    for (GroundTruthRecord.Event e : truth.contentEvents()) {
      assertEquals(1, e.tokens());
      assertTrue(e.writeNanos() >= truth.receivedNanos());
    }
  }

  @Test
  void streamsTextCompletions() throws Exception {
    SseClient.Result result =
        SseClient.post(
            simulator.baseUri(),
            "/v1/completions",
            "{\"prompt\":\"Once upon a time\",\"max_tokens\":3,\"ignore_eos\":true,\"stream\":true}");
    List<String> data = result.data();
    assertEquals(3 + 1 + 1, data.size(), data.toString()); // no role delta, no usage unless asked
    JsonNode first = JSON.readTree(data.get(0));
    assertEquals("text_completion", first.get("object").asText());
    assertTrue(first.get("id").asText().startsWith("cmpl-"));
    assertEquals("sim-llm", first.get("model").asText());
    assertTrue(first.get("choices").get(0).get("text").asText().startsWith(" "));
    assertEquals(
        "length", JSON.readTree(data.get(3)).get("choices").get(0).get("finish_reason").asText());
    assertEquals("[DONE]", data.get(4));
  }

  @Test
  void answersWithJsonWhenNotStreaming() throws Exception {
    HttpResponse<String> chat =
        SseClient.send(
            simulator.baseUri(),
            "POST",
            "/v1/chat/completions",
            chatBody(",\"max_tokens\":7,\"ignore_eos\":true"));
    assertEquals(200, chat.statusCode());
    JsonNode body = JSON.readTree(chat.body());
    assertEquals("chat.completion", body.get("object").asText());
    assertEquals(
        chat.headers().firstValue(LlmSimulator.REQUEST_ID_HEADER).orElseThrow(),
        body.get("id").asText());
    assertEquals(
        body.get("id").asText(),
        chat.headers().firstValue(LlmSimulator.RESPONSE_REQUEST_ID_HEADER).orElseThrow());
    String content = body.get("choices").get(0).get("message").get("content").asText();
    assertEquals(7, SimpleTokenizer.count(content));
    assertEquals(7, body.get("usage").get("completion_tokens").asInt());

    HttpResponse<String> completion =
        SseClient.send(
            simulator.baseUri(),
            "POST",
            "/v1/completions",
            "{\"prompt\":[\"a b\",\"c\"],\"max_tokens\":4,\"ignore_eos\":true}");
    JsonNode c = JSON.readTree(completion.body());
    assertEquals("text_completion", c.get("object").asText());
    assertEquals(4, SimpleTokenizer.count(c.get("choices").get(0).get("text").asText()));
    assertEquals(3, c.get("usage").get("prompt_tokens").asInt());
  }

  @Test
  void aClientRequestIdNamesTheRequestInTheChunksTheHeaderAndTheGroundTruth() throws Exception {
    SseClient.Result named =
        SseClient.post(
            simulator.baseUri(),
            "/v1/chat/completions",
            chatBody(",\"max_tokens\":2,\"stream\":true"),
            LlmSimulator.CLIENT_REQUEST_ID_HEADER,
            "run-7:user.42_3");
    assertEquals(
        "run-7:user.42_3",
        named.response().headers().firstValue(LlmSimulator.REQUEST_ID_HEADER).orElseThrow());
    assertEquals("run-7:user.42_3", JSON.readTree(named.data().get(0)).get("id").asText());
    assertEquals(2, awaitRecord("run-7:user.42_3").contentEvents().size());

    // Not a safe token (a space, a quote, too long): the simulator names the request itself.
    for (String unsafe : new String[] {"a b", "x\"y", "r".repeat(129)}) {
      HttpResponse<String> response =
          SseClient.send(
              simulator.baseUri(),
              "POST",
              "/v1/chat/completions",
              chatBody(",\"max_tokens\":1"),
              LlmSimulator.CLIENT_REQUEST_ID_HEADER,
              unsafe);
      String id = response.headers().firstValue(LlmSimulator.REQUEST_ID_HEADER).orElseThrow();
      assertTrue(id.startsWith("chatcmpl-sim-"), unsafe + " -> " + id);
      assertEquals(id, JSON.readTree(response.body()).get("id").asText());
    }
  }

  @Test
  void sameRequestGivesSameAnswer() throws Exception {
    String body = chatBody(",\"max_tokens\":12");
    String a =
        JSON.readTree(
                SseClient.send(simulator.baseUri(), "POST", "/v1/chat/completions", body).body())
            .get("choices")
            .get(0)
            .get("message")
            .get("content")
            .asText();
    String b =
        JSON.readTree(
                SseClient.send(simulator.baseUri(), "POST", "/v1/chat/completions", body).body())
            .get("choices")
            .get(0)
            .get("message")
            .get("content")
            .asText();
    assertEquals(a, b);
  }

  @Test
  void stopsEarlyWithoutIgnoreEosButNeverWithIt() throws Exception {
    int early = 0;
    for (int i = 0; i < 20; i++) {
      String body =
          "{\"messages\":[{\"role\":\"user\",\"content\":\"prompt "
              + i
              + "\"}],\"max_tokens\":200}";
      JsonNode r =
          JSON.readTree(
              SseClient.send(
                      simulator.baseUri(),
                      "POST",
                      "/v1/chat/completions",
                      body,
                      LlmSimulator.TIMING_HEADER,
                      "ttft=0;itl=0")
                  .body());
      int tokens = r.get("usage").get("completion_tokens").asInt();
      String reason = r.get("choices").get(0).get("finish_reason").asText();
      if (tokens < 200) {
        early++;
        assertEquals("stop", reason);
      } else {
        assertEquals("length", reason);
      }
      String ignoring =
          "{\"messages\":[{\"role\":\"user\",\"content\":\"prompt "
              + i
              + "\"}],\"max_tokens\":200,\"ignore_eos\":true}";
      JsonNode all =
          JSON.readTree(
              SseClient.send(
                      simulator.baseUri(),
                      "POST",
                      "/v1/chat/completions",
                      ignoring,
                      LlmSimulator.TIMING_HEADER,
                      "ttft=0;itl=0")
                  .body());
      assertEquals(200, all.get("usage").get("completion_tokens").asInt());
    }
    assertTrue(early > 10, "with p=0.01 per token most 200-token answers stop early: " + early);
  }

  @Test
  void defaultsMaxTokens() throws Exception {
    JsonNode r =
        JSON.readTree(
            SseClient.send(
                    simulator.baseUri(),
                    "POST",
                    "/v1/completions",
                    "{\"prompt\":\"x\",\"ignore_eos\":true}")
                .body());
    assertEquals(128, r.get("usage").get("completion_tokens").asInt());
  }

  @Test
  void listsModelsTokenizesAndReportsHealth() throws Exception {
    JsonNode models =
        JSON.readTree(SseClient.send(simulator.baseUri(), "GET", "/v1/models", null).body());
    assertEquals("list", models.get("object").asText());
    assertEquals("sim-llm", models.get("data").get(0).get("id").asText());

    JsonNode tokens =
        JSON.readTree(
            SseClient.send(
                    simulator.baseUri(),
                    "POST",
                    "/tokenize",
                    "{\"content\":\"Hello, world! the cat\"}")
                .body());
    assertEquals(6, tokens.get("count").asInt());
    assertEquals(6, tokens.get("tokens").size());
    int the = tokens.get("tokens").get(4).asInt();
    int cat = tokens.get("tokens").get(5).asInt();
    JsonNode text =
        JSON.readTree(
            SseClient.send(
                    simulator.baseUri(),
                    "POST",
                    "/detokenize",
                    "{\"tokens\":[" + the + "," + cat + "]}")
                .body());
    assertEquals(
        " the cat", text.get("content").asText(), "vocabulary words come back as they went in");
    assertEquals(
        400,
        SseClient.send(simulator.baseUri(), "POST", "/detokenize", "{\"tokens\":[-1]}")
            .statusCode());

    HttpResponse<String> health = SseClient.send(simulator.baseUri(), "GET", "/health", null);
    assertEquals(200, health.statusCode());
    assertEquals("ok", JSON.readTree(health.body()).get("status").asText());
  }

  @Test
  void rejectsBadRequestsLikeOpenAi() throws Exception {
    for (String body :
        List.of(
            "{not json",
            "{\"model\":\"m\"}",
            "{\"messages\":[]}",
            "[1,2]",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":-1}",
            // ~24 GB of planned tokens if it were accepted: refused like vLLM refuses more than the
            // model's length
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":2000000000,\"stream\":true}",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":1000001}")) {
      HttpResponse<String> r =
          SseClient.send(simulator.baseUri(), "POST", "/v1/chat/completions", body);
      assertEquals(400, r.statusCode(), body);
      String id = r.headers().firstValue(LlmSimulator.REQUEST_ID_HEADER).orElseThrow();
      assertEquals(
          id, r.headers().firstValue(LlmSimulator.RESPONSE_REQUEST_ID_HEADER).orElseThrow(), body);
      JsonNode error = JSON.readTree(r.body()).get("error");
      assertEquals("invalid_request_error", error.get("type").asText());
      assertFalse(error.get("message").asText().isEmpty());
    }
    HttpResponse<String> unknown = SseClient.send(simulator.baseUri(), "POST", "/v1/nothing", "{}");
    assertEquals(404, unknown.statusCode());
    assertTrue(
        unknown.headers().firstValue(LlmSimulator.RESPONSE_REQUEST_ID_HEADER).isEmpty(),
        "no generation, no id");
    assertNotNull(JSON.readTree(unknown.body()).get("error").get("message"));
    HttpResponse<String> badFault =
        SseClient.send(simulator.baseUri(), "GET", "/v1/chat/completions", null);
    assertEquals(405, badFault.statusCode());
  }

  @Test
  void keepsTheConnectionForTheNextRequest() throws Exception {
    try (RawHttp http = new RawHttp(simulator.port(), 2_000)) {
      for (int i = 0; i < 3; i++) {
        http.send("POST", "/v1/chat/completions", chatBody(",\"max_tokens\":2,\"stream\":true"));
        RawHttp.Response r = http.read();
        assertTrue(r.complete());
        assertTrue(r.text().endsWith("data: [DONE]\n\n"));
      }
    }
  }

  @Test
  void queuesRequestsBeyondTheSlotsAndHandlesPipelining() throws Exception {
    try (LlmSimulator oneSlot =
            InstantPrefill.builder()
                .slots(1)
                .decodeStepBaseMicros(2_000)
                .groundTruth(true)
                .build()
                .start();
        RawHttp first = new RawHttp(oneSlot.port(), 5_000);
        RawHttp second = new RawHttp(oneSlot.port(), 5_000)) {
      String body = "{\"prompt\":\"x\",\"max_tokens\":10,\"ignore_eos\":true,\"stream\":true}";
      first.send("POST", "/v1/completions", body);
      Thread.sleep(5);
      second.send("POST", "/v1/completions", body);
      // two requests pipelined on one connection are answered one after the other
      second.send("POST", "/v1/completions", body);
      String a = first.read().header(LlmSimulator.REQUEST_ID_HEADER);
      String b = second.read().header(LlmSimulator.REQUEST_ID_HEADER);
      RawHttp.Response c = second.read();
      assertTrue(c.complete());
      GroundTruthRecord ra = awaitRecord(oneSlot, a);
      GroundTruthRecord rb = awaitRecord(oneSlot, b);
      List<GroundTruthRecord.Event> ca = ra.contentEvents();
      List<GroundTruthRecord.Event> cb = rb.contentEvents();
      assertTrue(
          cb.get(0).plannedNanos() > ca.get(ca.size() - 1).plannedNanos(),
          "with one slot the second request decodes after the first");
      assertEquals(2_000_000, cb.get(1).plannedNanos() - cb.get(0).plannedNanos());
    }
  }

  @Test
  void anIdleEngineGathersTheRequestsThatReachItBeforeItsFirstPass() throws Exception {
    try (LlmSimulator gathering =
            InstantPrefill.builder()
                .slots(2)
                .decodeStepBaseMicros(2_000)
                .idleStartMicros(50_000)
                .groundTruth(true)
                .build()
                .start();
        RawHttp first = new RawHttp(gathering.port(), 5_000);
        RawHttp second = new RawHttp(gathering.port(), 5_000)) {
      String body = "{\"prompt\":\"x\",\"max_tokens\":3,\"ignore_eos\":true,\"stream\":true}";
      first.send("POST", "/v1/completions", body);
      Thread.sleep(5);
      second.send("POST", "/v1/completions", body);
      String a = first.read().header(LlmSimulator.REQUEST_ID_HEADER);
      String b = second.read().header(LlmSimulator.REQUEST_ID_HEADER);
      List<GroundTruthRecord.Event> ca = awaitRecord(gathering, a).contentEvents();
      List<GroundTruthRecord.Event> cb = awaitRecord(gathering, b).contentEvents();
      // the second request reached the idle engine 5 ms after the first, within its 50 ms start:
      // both are in its first pass, and decode in step
      assertEquals(ca.get(0).plannedNanos(), cb.get(0).plannedNanos());
      assertEquals(ca.get(2).plannedNanos(), cb.get(2).plannedNanos());
    }
  }

  @Test
  void pipelinedRequestsBeyondTheCapAreRefusedInTurnAndTheConnectionClosed() throws Exception {
    try (LlmSimulator sim =
            InstantPrefill.builder().slots(4).decodeStepBaseMicros(2_000).build().start();
        RawHttp http = new RawHttp(sim.port(), 5_000)) {
      String slow = "{\"prompt\":\"x\",\"max_tokens\":100,\"ignore_eos\":true,\"stream\":true}";
      String quick = "{\"prompt\":\"x\",\"max_tokens\":1,\"ignore_eos\":true,\"stream\":true}";
      http.send("POST", "/v1/completions", slow);
      int extra = SimulatorHandler.MAX_PIPELINED + 5;
      for (int i = 0; i < extra; i++) {
        http.send("POST", "/v1/completions", quick);
      }
      assertEquals(200, http.read().status());
      for (int i = 0; i < SimulatorHandler.MAX_PIPELINED; i++) {
        RawHttp.Response r = http.read();
        assertEquals(200, r.status(), "waiting request " + i);
        assertTrue(r.complete());
      }
      RawHttp.Response refused = http.read();
      assertEquals(429, refused.status());
      assertEquals("close", refused.header("connection"));
      assertTrue(refused.text().contains("too many pipelined requests"), refused.text());
      assertEquals(
          -1, http.socket.getInputStream().read(), "the connection is closed after the refusal");
    }
  }

  static GroundTruthRecord awaitRecord(String requestId) throws InterruptedException {
    return awaitRecord(simulator, requestId);
  }

  static GroundTruthRecord awaitRecord(LlmSimulator sim, String requestId)
      throws InterruptedException {
    for (int i = 0; i < 200; i++) {
      for (GroundTruthRecord r : sim.groundTruth()) {
        if (r.requestId().equals(requestId)) return r;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("no ground-truth record for " + requestId);
  }
}
