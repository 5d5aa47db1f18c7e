package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reasoning tokens the server counts apart reach requests.csv and summary.json as a part of the
 * output tokens, never added to them; a count above the output count is not believed. The client's
 * own count of the events that carried answer text reaches requests.csv beside the token events.
 */
class ReasoningTokensEndToEndTest {
  private static String stream(String usage) {
    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"hmm\"},\"finish_reason\":null}]}\n\n"
        + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"yes\"},\"finish_reason\":null}]}\n\n"
        + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
        + "data: {\"choices\":[],\"usage\":"
        + usage
        + "}\n\ndata: [DONE]\n\n";
  }

  @Test
  void theServersReasoningCountIsKeptApartFromTheOutputCount(@TempDir Path results)
      throws Exception {
    WireMockServer server =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    server.start();
    try {
      Map<String, String> usages =
          Map.of(
              "/counted",
                  "{\"prompt_tokens\":5,\"completion_tokens\":40,"
                      + "\"completion_tokens_details\":{\"reasoning_tokens\":32,\"audio_tokens\":0}}",
              "/implausible",
                  "{\"prompt_tokens\":5,\"completion_tokens\":40,"
                      + "\"completion_tokens_details\":{\"reasoning_tokens\":41}}",
              "/plain", "{\"prompt_tokens\":5,\"completion_tokens\":12}");
      usages.forEach(
          (path, usage) ->
              server.stubFor(
                  WireMock.post(path)
                      .willReturn(
                          WireMock.aResponse()
                              .withStatus(200)
                              .withHeader("Content-Type", "text/event-stream")
                              .withBody(stream(usage)))));
      System.setProperty("test.baseUrl", server.baseUrl());
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                ReasoningTokensSimulation.class.getName(),
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      assertEquals(0, exit);
    } finally {
      server.stop();
    }
    Path llm = InProcessGatling.llmDir(results);
    Map<String, RequestRow> rows =
        InProcessGatling.requests(results).stream()
            .collect(Collectors.toMap(row -> row.placement().requestName(), Function.identity()));

    assertEquals(
        40,
        rows.get("counted").tokens().outputTokens(),
        "reasoning is part of the output count, not added to it");
    assertEquals(32, rows.get("counted").server().reasoningTokens());
    assertEquals(
        -1,
        rows.get("implausible").server().reasoningTokens(),
        "more reasoning than output is not believed");
    assertEquals(-1, rows.get("plain").server().reasoningTokens());
    for (RequestRow row : rows.values()) {
      String name = row.placement().requestName();
      assertEquals(2, row.tokens().tokenEvents(), name + ": one reasoning and one content event");
      assertEquals(1, row.tokens().answerEvents(), name + ": the content event alone is answer");
    }
    assertTrue(
        java.util.List.of(Files.readAllLines(llm.resolve("requests.csv")).get(0).split(","))
            .contains("answer_events"),
        "requests.csv names the column");

    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    assertEquals(32, summary.path("reasoning_tokens").asLong());
    assertEquals(1, summary.path("reasoning_token_requests").asLong());
    assertEquals(92, summary.path("total_output_tokens").asLong());
  }
}
