package dev.gatlingllm.hosted;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.SavedCases;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server answering as OpenAI and Azure do (WireMock): a field it does not take is a 400 whose KO
 * message names the setting to change, and the request written as hosted APIs want it succeeds.
 */
class HostedApiEndToEndTest {
  private static final String CHAT = "/v1/chat/completions";
  static final String OPENAI_MAX_TOKENS =
      "{\"error\":{\"message\":\"Unsupported parameter: 'max_tokens' is not"
          + " supported with this model. Use 'max_completion_tokens' instead.\",\"type\":\"invalid_request_error\","
          + "\"param\":\"max_tokens\",\"code\":\"unsupported_parameter\"}}";
  static final String AZURE_IGNORE_EOS =
      "{\"error\":{\"message\":\"Unrecognized request argument supplied: ignore_eos\",\"type\":\"invalid_request_error\"}}";

  /** Three tokens, then the model stops by itself ("stop"), well before the 10 asked for. */
  static final String SHORT_ANSWER =
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" there\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"!\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
          + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":8,\"completion_tokens\":3,\"total_tokens\":11}}\n\n"
          + "data: [DONE]\n\n";

  private static WireMockServer wiremock;
  private static InProcessGatling.Run run;

  @BeforeAll
  static void run(@TempDir Path results) {
    wiremock =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    wiremock.start();
    wiremock.stubFor(
        post(CHAT)
            .atPriority(1)
            .withRequestBody(matchingJsonPath("$.ignore_eos"))
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withHeader("Content-Type", "application/json")
                    .withBody(AZURE_IGNORE_EOS)));
    wiremock.stubFor(
        post(CHAT)
            .atPriority(2)
            .withRequestBody(matchingJsonPath("$.max_tokens"))
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withHeader("Content-Type", "application/json")
                    .withBody(OPENAI_MAX_TOKENS)));
    wiremock.stubFor(
        post(CHAT)
            .atPriority(3)
            .withRequestBody(matchingJsonPath("$.max_completion_tokens"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "text/event-stream")
                    .withBody(SHORT_ANSWER)));
    System.setProperty("test.wiremockUrl", wiremock.baseUrl());
    run = InProcessGatling.run(HostedApiSimulation.class, results);
  }

  @AfterAll
  static void stop() {
    wiremock.stop();
    System.clearProperty("test.wiremockUrl");
  }

  @Test
  void ignoreEosRefusedNamesThePropertyThatTurnsItOff() {
    assertEquals(
        "HTTP 400: unsupported field 'ignore_eos' (set llm.ignoreEos=false)",
        SavedCases.koMessage(HostedApiSimulation.RESULTS, "self-hosted habit"));
  }

  @Test
  void maxTokensRefusedNamesTheFieldToUseInstead() {
    Map<String, Object> saved = SavedCases.result(HostedApiSimulation.RESULTS, "max_tokens");
    assertEquals(400, saved.get("status"));
    assertEquals(
        "HTTP 400: unsupported field 'max_tokens' (set llm.maxTokensField=max_completion_tokens)",
        SavedCases.koMessage(HostedApiSimulation.RESULTS, "max_tokens"));
  }

  @Test
  void theRequestAsHostedApisWantItSucceeds() {
    Map<String, Object> saved =
        SavedCases.result(HostedApiSimulation.RESULTS, "max_completion_tokens");
    assertTrue((Boolean) saved.get("ok"), String.valueOf(saved.get("error")) + "\n" + run.tail());
    assertEquals("Hi there!", saved.get("content"));
    assertEquals("stop", saved.get("finishReason"));
    wiremock.verify(
        1,
        postRequestedFor(urlEqualTo(CHAT))
            .withRequestBody(containing("\"max_completion_tokens\":10")));
    // ignoreEos(false) leaves the field out: hosted APIs refuse it even when false.
    assertEquals(
        0,
        wiremock
            .findAll(
                postRequestedFor(urlEqualTo(CHAT))
                    .withRequestBody(containing("ignore_eos\":false")))
            .size());
  }
}
