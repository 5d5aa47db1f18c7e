package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.SavedCases;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks that find a value in a real run: a JSON answer streamed in fragments, a tool call streamed
 * as a name then argument fragments. Found, the request is OK and {@code saveAs} puts the value in
 * the session, where the next request's EL reads it; missed, the request is KO with the check's
 * message and nothing is saved.
 */
class ValueChecksEndToEndTest {
  private static WireMockServer server;
  private static InProcessGatling.Run run;

  private static String chunk(String delta) {
    return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":"
        + delta
        + ",\"finish_reason\":null}]}\n\n";
  }

  private static String end(String reason) {
    return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
        + "\"finish_reason\":\""
        + reason
        + "\"}]}\n\ndata: [DONE]\n\n";
  }

  /** {"name":"x","address":{"city":"Paris"},"tags":["a","b"]} in four content fragments. */
  static final String JSON_ANSWER =
      chunk("{\"role\":\"assistant\",\"content\":\"\"}")
          + chunk("{\"content\":\"{\\\"name\\\":\\\"x\\\",\"}")
          + chunk("{\"content\":\"\\\"address\\\":{\\\"city\\\":\"}")
          + chunk("{\"content\":\"\\\"Paris\\\"},\"}")
          + chunk("{\"content\":\"\\\"tags\\\":[\\\"a\\\",\\\"b\\\"]}\"}")
          + end("stop");

  /**
   * get_weather({"city":"Lyon"}): the name, then the arguments in two fragments, no answer text.
   */
  static final String TOOL_CALL =
      chunk("{\"role\":\"assistant\",\"content\":null}")
          + chunk(
              "{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\","
                  + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}")
          + chunk(
              "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\"}}]}")
          + chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Lyon\\\"}\"}}]}")
          + end("tool_calls");

  @BeforeAll
  static void runOnce(@TempDir Path results) {
    server =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    server.start();
    server.stubFor(
        WireMock.post("/json")
            .willReturn(
                WireMock.aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/event-stream")
                    .withBody(JSON_ANSWER)
                    .withChunkedDribbleDelay(6, 60)));
    server.stubFor(
        WireMock.post("/tool")
            .willReturn(
                WireMock.aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/event-stream")
                    .withBody(TOOL_CALL)
                    .withChunkedDribbleDelay(5, 50)));
    System.setProperty("test.baseUrl", server.baseUrl());
    try {
      run = InProcessGatling.run(ValueChecksSimulation.class, results);
    } finally {
      System.clearProperty("test.baseUrl");
    }
  }

  @AfterAll
  static void stop() {
    server.stop();
  }

  private static Map<String, Object> result(String name) {
    return SavedCases.result(ValueChecksSimulation.RESULTS, name);
  }

  @Test
  void foundValuesPassAndAreSavedInTheSession() {
    assertEquals(0, run.exitCode(), run.tail());
    for (String name : List.of("json", "tool", "regex", "echo")) {
      assertTrue((Boolean) result(name).get("ok"), name + ": " + result(name).get("error"));
    }
    Map<String, Object> session = ValueChecksSimulation.SESSION;
    assertEquals("Paris", session.get("city"), "jsonPath $.address['city']");
    assertEquals("b", session.get("name"), "jsonPath $.tags[1], checked then saved");
    assertEquals("get_weather", session.get("toolName"));
    assertEquals(
        "Lyon", session.get("toolCity"), "the arguments streamed in fragments, parsed whole");
    assertEquals("x", session.get("word"), "the regex's first group");
    assertEquals("x", session.get("echoed"));
    assertFalse(
        session.containsKey("never"), "a value is saved only when the request ends OK: " + session);
    assertEquals("", result("tool").get("content"), "a tool call is not answer text");
  }

  @Test
  void theNextRequestReadsTheSavedValuesThroughEl() {
    List<LoggedRequest> echoes =
        server.findAll(
            WireMock.postRequestedFor(WireMock.urlEqualTo("/json"))
                .withRequestBody(WireMock.containing("Lyon x")));
    assertEquals(
        1, echoes.size(), "#{toolCity} #{word} became 'Lyon x' in the last request's prompt");
  }

  @Test
  void missedValuesAreKoWithTheChecksMessage() {
    assertEquals(
        "check failed: jsonPath $.name is not 'y'",
        SavedCases.koMessage(ValueChecksSimulation.RESULTS, "wrongValue"));
    assertEquals(
        "check failed: jsonPath $.address.zip not found in the answer",
        SavedCases.koMessage(ValueChecksSimulation.RESULTS, "missingPath"));
    assertEquals(
        "check failed: the answer is not JSON",
        SavedCases.koMessage(ValueChecksSimulation.RESULTS, "notJson"));
    assertEquals(
        "check failed: no tool call",
        SavedCases.koMessage(ValueChecksSimulation.RESULTS, "noToolCall"));
    assertEquals(
        "check failed: tool call name is not 'get_time'",
        SavedCases.koMessage(ValueChecksSimulation.RESULTS, "wrongTool"));
    assertTrue(
        run.console().contains("check failed: jsonPath $.name is not 'y'"),
        "in Gatling's errors: " + run.tail());
  }
}
