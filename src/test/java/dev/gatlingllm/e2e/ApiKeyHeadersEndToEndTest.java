package dev.gatlingllm.e2e;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.api.openai.SignalRecorder;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.charset.StandardCharsets;
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
 * The dialects that carry the key in their own header. Azure OpenAI: the deployment path, its
 * api-version query and {@code api-key} reach the server; Anthropic: {@code x-api-key} and {@code
 * anthropic-version}. Neither sends {@code Authorization}. A 401 echoing the key ends KO with the
 * server's message, and the key appears in no output of the runs: saved session values, console,
 * result files.
 */
class ApiKeyHeadersEndToEndTest {
  private static final String KEY = ApiKeyHeadersSimulation.API_KEY;
  private static final String API_VERSION = "2024-10-21";
  private static final String AZURE_OK = "/openai/deployments/gpt-4o-prod/chat/completions";
  private static final String AZURE_DENIED = "/openai/deployments/gpt-4o-denied/chat/completions";
  private static final String ANTHROPIC_OK = "/v1/messages";
  private static final String ANTHROPIC_DENIED = "/denied/v1/messages";
  private static final String AZURE_STREAM =
      "data: {\"choices\":[],\"created\":0,\"id\":\"\",\"model\":\"\",\"object\":\"\",\"prompt_filter_results\":"
          + "[{\"prompt_index\":0,\"content_filter_results\":{}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello\"},\"finish_reason\":null}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" there\"},\"finish_reason\":null}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
          + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":8,\"completion_tokens\":2,\"total_tokens\":10}}\n\n"
          + "data: [DONE]\n\n";

  private static WireMockServer server;
  private static Path resultsDir;
  private static final List<InProcessGatling.Run> RUNS = new ArrayList<>();

  @BeforeAll
  static void run(@TempDir Path results) {
    server =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    server.start();
    server.stubFor(
        post(urlPathEqualTo(AZURE_OK))
            .withQueryParam("api-version", equalTo(API_VERSION))
            .withHeader("api-key", equalTo(KEY))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/event-stream")
                    .withBody(AZURE_STREAM)));
    server.stubFor(
        post(urlPathEqualTo(AZURE_DENIED))
            .willReturn(
                aResponse()
                    .withStatus(401)
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"error\":{\"code\":\"401\",\"message\":\"Access denied due to invalid subscription key "
                            + KEY
                            + ". Make sure to provide a valid key for an active subscription.\"}}")));
    server.stubFor(
        post(urlPathEqualTo(ANTHROPIC_OK))
            .withHeader("x-api-key", equalTo(KEY))
            .withHeader("anthropic-version", equalTo("2023-06-01"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/event-stream; charset=utf-8")
                    .withBody(SignalRecorder.fixture("anthropic/text.sse"))));
    server.stubFor(
        post(urlPathEqualTo(ANTHROPIC_DENIED))
            .willReturn(
                aResponse()
                    .withStatus(401)
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key "
                            + KEY
                            + "\"}}")));
    System.setProperty("test.baseUrl", server.baseUrl());
    resultsDir = results;
    ApiKeyHeadersSimulation.RESULTS.clear();
    RUNS.add(
        run(
            "azure-openai",
            AZURE_OK
                + "?api-version="
                + API_VERSION
                + ","
                + AZURE_DENIED
                + "?api-version="
                + API_VERSION,
            results.resolve("azure")));
    RUNS.add(run("anthropic", ANTHROPIC_OK + "," + ANTHROPIC_DENIED, results.resolve("anthropic")));
  }

  private static InProcessGatling.Run run(String dialect, String paths, Path results) {
    System.setProperty("test.dialect", dialect);
    System.setProperty("test.paths", paths);
    return InProcessGatling.run(ApiKeyHeadersSimulation.class, results);
  }

  @AfterAll
  static void stop() {
    server.stop();
  }

  private static Map<String, Object> result(String path) {
    return ApiKeyHeadersSimulation.RESULTS.entrySet().stream()
        .filter(e -> e.getKey().startsWith(path))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no result for " + path))
        .getValue();
  }

  @Test
  void azureGetsTheDeploymentPathApiVersionAndKeyHeader() {
    assertEquals(0, RUNS.get(0).exitCode(), RUNS.get(0).tail());
    server.verify(
        1,
        postRequestedFor(urlPathEqualTo(AZURE_OK))
            .withQueryParam("api-version", equalTo(API_VERSION))
            .withHeader("api-key", equalTo(KEY))
            .withHeader("Authorization", absent()));
    Map<String, Object> ok = result(AZURE_OK);
    assertEquals(true, ok.get("ok"), String.valueOf(ok.get("error")));
    assertEquals("Hello there", ok.get("content"));
    assertEquals(2L, ((Number) ok.get("outputTokens")).longValue());
    assertEquals("stop", ok.get("finishReason"));
    assertEquals(
        "HTTP 401: Access denied due to invalid subscription key ***. Make sure to provide a valid key"
            + " for an active subscription.",
        result(AZURE_DENIED).get("error"));
  }

  @Test
  void anthropicGetsItsKeyAndVersionHeaders() {
    assertEquals(0, RUNS.get(1).exitCode(), RUNS.get(1).tail());
    server.verify(
        1,
        postRequestedFor(urlPathEqualTo(ANTHROPIC_OK))
            .withHeader("x-api-key", equalTo(KEY))
            .withHeader("anthropic-version", equalTo("2023-06-01"))
            .withHeader("Authorization", absent()));
    Map<String, Object> ok = result(ANTHROPIC_OK);
    assertEquals(true, ok.get("ok"), String.valueOf(ok.get("error")));
    assertEquals("Hello wörld!", ok.get("content"));
    assertEquals(4L, ((Number) ok.get("outputTokens")).longValue());
    assertEquals(25L, ((Number) ok.get("inputTokens")).longValue());
    assertEquals("end_turn", ok.get("finishReason"));
    assertEquals(
        "HTTP 401: authentication_error: invalid x-api-key ***",
        result(ANTHROPIC_DENIED).get("error"));
  }

  @Test
  void theKeyIsInNoOutput() throws Exception {
    for (var entry : ApiKeyHeadersSimulation.RESULTS.entrySet()) {
      assertFalse(String.valueOf(entry.getValue()).contains(KEY), entry.getKey());
    }
    for (InProcessGatling.Run run : RUNS) {
      assertFalse(run.console().contains(KEY), "console");
      assertTrue(
          run.console().contains("***"), "the key was echoed and hidden in Gatling's error table");
    }
    List<Path> files;
    try (var walk = Files.walk(resultsDir)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertEquals(
        2, files.stream().filter(f -> f.endsWith("llm/requests.csv")).count(), files.toString());
    List<String> leaks = new ArrayList<>();
    for (Path file : files) {
      if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(KEY)) {
        leaks.add(resultsDir.relativize(file).toString());
      }
    }
    assertEquals(List.of(), leaks);
  }
}
