package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.ScriptedHttpServer;
import io.gatling.app.Gatling$;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against a wrong target (a closed port, a refused key, an unknown model, a server that fails
 * every request, a mistyped property) ends in seconds with one line saying why, instead of sending
 * its whole load.
 */
class WrongTargetEndToEndTest {
  @TempDir Path results;

  private static final List<String> PROPERTIES =
      List.of(
          "llm.baseUrl",
          "llm.model",
          "llm.apiKey",
          "llm.levels",
          "llm.requestsPerLevel",
          "llm.inputTokens",
          "llm.outputTokens",
          "llm.warmupRequests",
          "llm.warmupSeconds",
          "llm.probe",
          "llm.modle",
          "llm.rampSeconds");

  /**
   * What ConcurrencySweepSimulation runs here when nothing stops it: a warm-up of 4 streams, then 2
   * levels.
   */
  private static final Map<String, String> SMALL_SWEEP =
      Map.of(
          "llm.levels",
          "2,4",
          "llm.requestsPerLevel",
          "8",
          "llm.inputTokens",
          "16",
          "llm.outputTokens",
          "4",
          "llm.warmupRequests",
          "1",
          "llm.warmupSeconds",
          "30",
          "llm.rampSeconds",
          "0");

  @AfterEach
  void clear() {
    PROPERTIES.forEach(System::clearProperty);
  }

  private void sweep(Map<String, String> properties) {
    SMALL_SWEEP.forEach(System::setProperty);
    properties.forEach(System::setProperty);
    Gatling$.MODULE$.fromArgs(
        new String[] {
          "--simulation",
          ConcurrencySweepSimulation.class.getName(),
          "--results-folder",
          results.toString(),
          "--no-reports"
        });
  }

  /**
   * The message of what stopped the run: Gatling builds the simulation by reflection and wraps it.
   */
  private String stoppedBecause(Map<String, String> properties) {
    long start = System.nanoTime();
    Throwable error = assertThrows(Exception.class, () -> sweep(properties));
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    assertTrue(seconds < 10, "stopped after " + seconds + " s");
    while (error.getCause() != null) {
      error = error.getCause();
    }
    return error.getMessage();
  }

  private static ScriptedHttpServer answering(int status, String body) throws IOException {
    return new ScriptedHttpServer(
        request -> new ScriptedHttpServer.Script().fixedResponse(status, "application/json", body));
  }

  @Test
  void aClosedPortStopsTheRunInOneLine() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    String message = stoppedBecause(Map.of("llm.baseUrl", "http://127.0.0.1:" + port));
    assertTrue(
        message.startsWith(
            "gatling-llm: no load sent: cannot connect to http://127.0.0.1:"
                + port
                + "/v1/chat/completions: "),
        message);
    assertTrue(message.endsWith("(is the server up? llm.baseUrl)"), message);
    assertEquals(1, message.lines().count(), message);
  }

  @Test
  void aRefusedKeyStopsTheRunWithoutShowingTheKey() throws IOException {
    try (ScriptedHttpServer server =
        answering(
            401,
            "{\"error\":{\"message\":\"Incorrect API key provided: sk-SECRET-123\",\"type\":\"invalid_request_error\"}}")) {
      String message =
          stoppedBecause(Map.of("llm.baseUrl", server.baseUrl(), "llm.apiKey", "sk-SECRET-123"));
      assertTrue(
          message.startsWith(
              "gatling-llm: no load sent: HTTP 401 from "
                  + server.baseUrl()
                  + "/v1/chat/completions: the server refused the request's credentials (check llm.apiKey or LLM_API_KEY)"),
          message);
      assertFalse(message.contains("SECRET"), message);
      assertEquals(1, server.received().size(), "the check alone, no load");
    }
  }

  @Test
  void anUnknownModelStopsTheRunNamingTheModel() throws IOException {
    try (ScriptedHttpServer server =
        answering(
            404,
            "{\"error\":{\"message\":\"The model `gpt-nope` does not exist"
                + " or you do not have access to it.\",\"type\":\"invalid_request_error\",\"code\":\"model_not_found\"}}")) {
      String message =
          stoppedBecause(Map.of("llm.baseUrl", server.baseUrl(), "llm.model", "gpt-nope"));
      assertEquals(
          "gatling-llm: no load sent: HTTP 404 from "
              + server.baseUrl()
              + "/v1/chat/completions: model "
              + "'gpt-nope' not found (llm.model): The model `gpt-nope` does not exist or you do not have access to it.",
          message);
      assertEquals(1, server.received().size(), "the check alone, no load");
      assertTrue(
          server.received().get(0).body().contains("\"max_tokens\":1"),
          server.received().get(0).body());
    }
  }

  @Test
  void aMistypedPropertyStopsTheRunWithTheNearestName() {
    assertEquals(
        "unknown property llm.modle; did you mean llm.model?",
        stoppedBecause(Map.of("llm.modle", "my-model")));
  }

  @Test
  void aWarmUpWhoseRequestsAllFailStopsTheRunInSeconds() throws IOException {
    try (ScriptedHttpServer server = answering(500, "{\"error\":{\"message\":\"engine dead\"}}")) {
      long start = System.nanoTime();
      // Gatling ends a crashed run with an exception carrying the reason
      Throwable error =
          assertThrows(
              Exception.class,
              () -> sweep(Map.of("llm.baseUrl", server.baseUrl(), "llm.probe", "false")));
      long seconds = (System.nanoTime() - start) / 1_000_000_000L;
      assertTrue(
          error
              .getMessage()
              .endsWith(
                  "the warm-up's first 20 requests all failed (the last: HTTP 500: engine"
                      + " dead): check llm.baseUrl, llm.endpoint, llm.model and llm.apiKey"),
          error.getMessage());
      assertTrue(seconds < 15, "stopped after " + seconds + " s");
      // the 20 that failed, and at most one more for each of the 4 streams already sending
      assertTrue(server.received().size() <= 24, server.received().size() + " requests");
    }
  }

  @Test
  void figuresWithoutAnySuccessfulRequestAreUnknownNotZero() throws IOException {
    try (ScriptedHttpServer server = answering(500, "{\"error\":{\"message\":\"engine dead\"}}")) {
      SMALL_SWEEP.forEach(System::setProperty);
      System.setProperty("llm.baseUrl", server.baseUrl());
      System.setProperty("llm.probe", "false");
      System.setProperty("llm.warmupSeconds", "0");
      System.setProperty("llm.warmupRequests", "0");
      InProcessGatling.Run run = InProcessGatling.run(ConcurrencySweepSimulation.class, results);
      assertTrue(
          run.console()
              .lines()
              .anyMatch(l -> l.startsWith("Mean TTFT (ms):") && l.endsWith(" n/a")),
          run.tail());
      assertFalse(run.console().contains("0.00\n" + "Median TTFT"), run.tail());
      JsonNode summary = InProcessGatling.summary(results);
      assertEquals(0, summary.path("completed").asInt());
      assertTrue(summary.path("mean_ttft_ms").isNull(), summary.path("mean_ttft_ms").toString());
      assertTrue(summary.path("p99_ttft_ms").isNull());
      assertTrue(summary.path("levels").get(0).path("median_ttft_ms").isNull());
    }
  }
}
