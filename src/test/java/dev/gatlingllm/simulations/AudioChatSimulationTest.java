package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.simulator.SimpleTokenizer;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chat requests with audio against the embedded simulator, by hand: two clips of 1 s at 16 kHz,
 * 16-bit mono, are 2 x (44 + 32,000) bytes and 2 x 25 prompt tokens; each row of requests.csv holds
 * the clips, their bytes and their duration, and summary.json their means. A dialect without an
 * audio part refuses the scenario when it is built, with a message naming it.
 */
class AudioChatSimulationTest {
  @TempDir Path results;

  @Test
  void twoClipsOfOneSecondCount50InputTokensAndTheirBytesInEachRow() throws Exception {
    InProcessGatling.Run run = run("openai-chat");
    assertEquals(0, run.exitCode(), run.tail());
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(AudioChatSimulation.REQUESTS, rows.size());
    for (RequestRow row : rows) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(2, row.tokens().audioClips());
      assertEquals(2 * (44 + 16_000 * 2), row.tokens().audioBytes());
      assertEquals(2_000, row.tokens().audioMillis());
      assertEquals(0, row.tokens().images());
      assertEquals(TokenCountSource.SERVER_USAGE, row.tokens().inputTokenSource());
      assertEquals(
          50 + SimpleTokenizer.count(AudioChatSimulation.QUESTION), row.tokens().inputTokens());
    }
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(2.0, summary.get("audio_clips_per_request").asDouble(), 1e-9);
    assertEquals(64_088.0, summary.get("audio_bytes_per_request").asDouble(), 1e-9);
    assertEquals(2.0, summary.get("audio_seconds_per_request").asDouble(), 1e-9);
    assertTrue(run.console().contains("Audio seconds per request:"), run.tail());
  }

  @Test
  void anthropicsApiRefusesTheScenarioWhenItIsBuiltNamingWhy() {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> run("anthropic"));
    assertEquals(
        "'chat': audio in the prompt needs the OpenAI chat API (input_audio parts):"
            + " the anthropic dialect cannot carry it",
        refused.getMessage());
  }

  private InProcessGatling.Run run(String dialect) throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=1;itl=1").build().start()) {
      return InProcessGatling.run(
          AudioChatSimulation.class,
          results,
          Map.of("test.baseUrl", "http://127.0.0.1:" + server.port(), "test.dialect", dialect));
    }
  }
}
