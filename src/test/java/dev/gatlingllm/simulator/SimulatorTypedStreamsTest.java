package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.dialects.Dialects;
import dev.gatlingllm.api.openai.SignalRecorder;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator's {@code /v1/responses} and {@code /v1/messages} streams, read by the plugin's own
 * interpreters: every token the ground truth says was written arrives as one answer event, with the
 * finish reason and the usage the API's format puts at the end.
 */
@Timeout(30)
class SimulatorTypedStreamsTest {
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

  private static List<String> signals(String dialect, SseClient.Result result) {
    StringBuilder sse = new StringBuilder();
    for (SseClient.Line line : result.lines()) {
      sse.append(line.text()).append('\n');
    }
    return SignalRecorder.interpretSse(Dialects.byId(dialect).newInterpreter(), sse.toString());
  }

  /**
   * The record is added once the response's last write is issued: it may come just after the client
   * read it.
   */
  private static GroundTruthRecord truth(SseClient.Result result) throws InterruptedException {
    String id =
        result.response().headers().firstValue(LlmSimulator.REQUEST_ID_HEADER).orElseThrow();
    return SimulatorEndpointsTest.awaitRecord(simulator, id);
  }

  /** The signals without the answer texts, which are random words. */
  private static List<String> shape(List<String> signals) {
    List<String> shape = new ArrayList<>();
    for (String signal : signals) {
      shape.add(signal.startsWith("CONTENT:") ? "CONTENT" : signal);
    }
    return shape;
  }

  @Test
  void messagesStream() throws Exception {
    SseClient.Result result =
        SseClient.post(
            simulator.baseUri(),
            "/v1/messages",
            "{\"model\":\"m\",\"system\":\"Be brief.\",\"messages\":[{\"role\":\"user\",\"content\":\"Tell me a story.\"}],"
                + "\"max_tokens\":5,\"ignore_eos\":true,\"stream\":true}");
    assertEquals(200, result.response().statusCode());
    GroundTruthRecord truth = truth(result);
    assertEquals(5, truth.contentEvents().size());
    assertEquals(
        List.of(
            "usage:" + truth.promptTokens() + "/-1",
            "CONTENT",
            "CONTENT",
            "CONTENT",
            "CONTENT",
            "CONTENT",
            "finish:max_tokens",
            "usage:-1/5",
            "done"),
        shape(signals("anthropic", result)));
    assertEquals(
        SimpleTokenizer.count("Be brief.") + SimpleTokenizer.count("Tell me a story."),
        truth.promptTokens());
    assertTrue(
        result.lines().get(0).text().equals("event: message_start"), result.lines().get(0).text());
  }

  @Test
  void responsesStream() throws Exception {
    SseClient.Result result =
        SseClient.post(
            simulator.baseUri(),
            "/v1/responses",
            "{\"model\":\"m\",\"input\":[{\"role\":\"user\",\"content\":\"Tell me a story.\"}],"
                + "\"max_output_tokens\":4,\"ignore_eos\":true,\"stream\":true}");
    assertEquals(200, result.response().statusCode());
    GroundTruthRecord truth = truth(result);
    assertEquals(4, truth.contentEvents().size());
    assertEquals(
        List.of(
            "CONTENT",
            "CONTENT",
            "CONTENT",
            "CONTENT",
            "finish:max_output_tokens",
            "usage:" + truth.promptTokens() + "/4",
            "reasoning:0",
            "done"),
        shape(signals("openai-responses", result)));
  }

  @Test
  void noUsageLeavesTheCountsOutOfBothFormats() throws Exception {
    SseClient.Result messages =
        SseClient.post(
            simulator.baseUri(),
            "/v1/messages",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":3,\"ignore_eos\":true,\"stream\":true}",
            LlmSimulator.FAULT_HEADER,
            "no-usage");
    assertEquals(
        List.of("CONTENT", "CONTENT", "CONTENT", "finish:max_tokens", "done"),
        shape(signals("anthropic", messages)));
    SseClient.Result responses =
        SseClient.post(
            simulator.baseUri(),
            "/v1/responses",
            "{\"input\":\"Hi\",\"max_output_tokens\":3,\"ignore_eos\":true,\"stream\":true}",
            LlmSimulator.FAULT_HEADER,
            "no-usage");
    assertEquals(
        List.of("CONTENT", "CONTENT", "CONTENT", "finish:max_output_tokens", "done"),
        shape(signals("openai-responses", responses)));
    assertEquals(3, truth(responses).contentEvents().size(), "the tokens are still written");
  }

  @Test
  void anAnswerEndedByTheModelCompletes() throws Exception {
    // Every token ends the answer: one token, then the model's own stop.
    try (LlmSimulator eager = LlmSimulator.builder().eosProbability(1.0).build().start()) {
      SseClient.Result responses =
          SseClient.post(
              eager.baseUri(),
              "/v1/responses",
              "{\"input\":\"Hi\",\"max_output_tokens\":8,\"stream\":true}");
      assertEquals(
          List.of("CONTENT", "finish:completed", "usage:1/1", "reasoning:0", "done"),
          shape(signals("openai-responses", responses)));
      SseClient.Result messages =
          SseClient.post(
              eager.baseUri(),
              "/v1/messages",
              "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":8,\"stream\":true}");
      assertEquals(
          List.of("usage:1/-1", "CONTENT", "finish:end_turn", "usage:-1/1", "done"),
          shape(signals("anthropic", messages)));
    }
  }

  @Test
  void midStreamErrorsInEachFormat() throws Exception {
    SseClient.Result messages =
        SseClient.post(
            simulator.baseUri(),
            "/v1/messages",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":8,\"ignore_eos\":true,\"stream\":true}",
            LlmSimulator.FAULT_HEADER,
            "error-mid-stream=2");
    List<String> anthropic = signals("anthropic", messages);
    assertEquals(
        "error:api_error: simulated mid-stream failure", anthropic.get(anthropic.size() - 1));
    SseClient.Result responses =
        SseClient.post(
            simulator.baseUri(),
            "/v1/responses",
            "{\"input\":\"Hi\",\"max_output_tokens\":8,\"ignore_eos\":true,\"stream\":true}",
            LlmSimulator.FAULT_HEADER,
            "error-mid-stream=2");
    assertEquals(
        List.of("CONTENT", "CONTENT", "error:server_error: simulated mid-stream failure"),
        shape(signals("openai-responses", responses)));
  }

  @Test
  void errorBodiesInEachFormat() throws Exception {
    HttpResponse<String> noMax =
        SseClient.send(
            simulator.baseUri(),
            "POST",
            "/v1/messages",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"stream\":true}");
    assertEquals(400, noMax.statusCode());
    assertEquals(
        "invalid_request_error: max_tokens: Field required",
        Dialects.byId("anthropic").errorMessage(noMax.body()));
    HttpResponse<String> overloaded =
        SseClient.send(
            simulator.baseUri(),
            "POST",
            "/v1/messages",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":8,\"stream\":true}",
            LlmSimulator.FAULT_HEADER,
            "status=503");
    assertEquals(
        "overloaded_error: The server is overloaded (simulated)",
        Dialects.byId("anthropic").errorMessage(overloaded.body()));
    HttpResponse<String> noInput =
        SseClient.send(simulator.baseUri(), "POST", "/v1/responses", "{\"stream\":true}");
    assertEquals(400, noInput.statusCode());
    assertEquals(
        "'input' must be a string or a non-empty array",
        Dialects.byId("openai-responses").errorMessage(noInput.body()));
  }
}
