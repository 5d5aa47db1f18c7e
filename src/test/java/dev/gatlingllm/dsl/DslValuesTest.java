package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.gatlingllm.gatling.protocol.LlmProtocol;
import dev.gatlingllm.metrics.slo.Slos;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every value of the request DSL in its three forms, as the server receives it. */
class DslValuesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String STREAM =
      "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"},\"finish_reason\":null}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\ndata: [DONE]\n\n";

  @Test
  void elFunctionAndConstantValuesReachTheServer(@TempDir Path results) throws Exception {
    WireMockServer server =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    server.start();
    List<LoggedRequest> received;
    try {
      server.stubFor(
          WireMock.post("/v1/chat/completions")
              .willReturn(
                  WireMock.aResponse()
                      .withStatus(200)
                      .withHeader("Content-Type", "text/event-stream")
                      .withBody(STREAM)));
      System.setProperty("test.baseUrl", server.baseUrl());
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                DslValuesSimulation.class.getName(),
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      assertEquals(0, exit);
      received =
          server.findAll(WireMock.postRequestedFor(WireMock.urlEqualTo("/v1/chat/completions")));
    } finally {
      server.stop();
    }
    assertEquals(3, received.size());

    LoggedRequest el = only(received, r -> r.containsHeader("x-el"));
    JsonNode elBody = JSON.readTree(el.getBodyAsString());
    assertEquals(
        "u-7", elBody.path("user").asText(), "an EL body field is resolved, not sent as text");
    assertEquals("h-u-7", el.getHeader("x-el"));
    assertEquals(0.25, elBody.path("temperature").asDouble());
    assertTrue(elBody.path("ignore_eos").asBoolean());
    assertEquals("from the session", elBody.path("messages").path(0).path("content").asText());
    assertEquals("hi u-7", elBody.path("messages").path(1).path("content").asText());

    LoggedRequest fn = only(received, r -> r.containsHeader("x-fn"));
    JsonNode fnBody = JSON.readTree(fn.getBodyAsString());
    assertEquals("u-7", fnBody.path("meta").path("who").asText());
    assertEquals("f-u-7", fn.getHeader("x-fn"));
    assertEquals(0.5, fnBody.path("temperature").asDouble());
    assertFalse(fnBody.path("ignore_eos").asBoolean());
    assertEquals("computed", fnBody.path("messages").path(0).path("content").asText());

    JsonNode constant =
        JSON.readTree(
            only(received, r -> !r.containsHeader("x-el") && !r.containsHeader("x-fn"))
                .getBodyAsString());
    assertEquals(2, constant.path("min_tokens").asInt());
    assertTrue(constant.path("flag").asBoolean());
    assertEquals(0.5, constant.path("temperature").asDouble());
    assertTrue(constant.path("ignore_eos").asBoolean());
    assertEquals("fixed", constant.path("messages").path(0).path("content").asText());
  }

  private static LoggedRequest only(List<LoggedRequest> requests, Predicate<LoggedRequest> which) {
    List<LoggedRequest> found = requests.stream().filter(which).toList();
    assertEquals(1, found.size());
    return found.get(0);
  }

  @Test
  void constantsAreCheckedWhenTheSimulationIsBuilt() {
    assertThrows(IllegalArgumentException.class, () -> LlmDsl.chat("c").temperature(-1));
    assertThrows(IllegalArgumentException.class, () -> LlmDsl.chat("c").maxTokens(0));
    assertThrows(IllegalArgumentException.class, () -> LlmDsl.llm().ttftSlo(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> LlmDsl.llm().outputTokens(-1));
  }

  @Test
  void everyFluentCallReturnsANewBuilder() {
    LlmRequestActionBuilder base = LlmDsl.chat("c");
    LlmRequestActionBuilder withTemperature = base.temperature(0.1);
    assertNotSame(base, withTemperature);
    LlmProtocolBuilder protocol = LlmDsl.llm().noSlos();
    LlmProtocolBuilder withSlo =
        protocol.ttftSlo(Duration.ofMillis(250)).tpotSlo(Duration.ofMillis(20));
    assertNull(LlmProtocol.of(protocol).report().slos().ttftMs(), "the first builder is unchanged");
    assertEquals(250.0, LlmProtocol.of(withSlo).report().slos().ttftMs());
    assertEquals(20.0, LlmProtocol.of(withSlo).report().slos().tpotMs());
  }

  @Test
  void aUsersProtocolHasTheDefaultSlosUnlessTurnedOff() {
    Slos defaults = LlmProtocol.of(LlmDsl.llm()).report().slos();
    assertEquals(new Slos(500.0, 50.0, null), defaults, "TTFT 500 ms, TPOT 50 ms, no E2EL");
    assertEquals(Slos.NONE, LlmProtocol.of(LlmDsl.llm().noSlos()).report().slos());
    assertEquals(
        new Slos(500.0, 80.0, null),
        LlmProtocol.of(LlmDsl.llm().tpotSlo(Duration.ofMillis(80))).report().slos(),
        "a call replaces one default, the other stays");
    try {
      System.setProperty("llm.slo.ttftMs", "none");
      System.setProperty("llm.slo.e2elMs", "9000");
      assertEquals(new Slos(null, 50.0, 9000.0), LlmProtocol.of(LlmDsl.llm()).report().slos());
      System.setProperty("llm.slo.ttftMs", "fast");
      IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, LlmDsl::llm);
      assertEquals(
          "llm.slo.ttftMs must be a number in (0, 1000000000] (ms, or none), was 'fast'",
          bad.getMessage());
    } finally {
      System.clearProperty("llm.slo.ttftMs");
      System.clearProperty("llm.slo.e2elMs");
    }
  }
}
