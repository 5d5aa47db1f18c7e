package dev.gatlingllm.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.gatling.protocol.LlmProtocol;
import org.junit.jupiter.api.Test;

class ServerMetricsDslTest {
  @Test
  void theServersMetricsPageReachesTheRunPlan() {
    LlmProtocolBuilder builder = LlmDsl.llm().serverMetrics("http://127.0.0.1:8000/metrics");
    assertEquals(
        "http://127.0.0.1:8000/metrics", LlmProtocol.of(builder).runPlan().serverMetricsUrl());
    assertNull(LlmProtocol.of(LlmDsl.llm()).runPlan().serverMetricsUrl(), "off unless asked for");
    assertNull(LlmProtocol.of(builder.serverMetrics(" ")).serverMetricsUrl(), "blank turns it off");
  }

  @Test
  void aUrlThatIsNotHttpIsRefusedWithoutShowingItsSecrets() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LlmDsl.llm().serverMetrics("ftp://user:s3cret@host/metrics"));
    assertTrue(
        e.getMessage().contains("http(s) URL") && !e.getMessage().contains("s3cret"),
        e.getMessage());
  }
}
