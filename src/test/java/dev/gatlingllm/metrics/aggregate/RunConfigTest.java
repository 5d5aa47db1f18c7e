package dev.gatlingllm.metrics.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gatlingllm.metrics.slo.AttainmentTarget;
import dev.gatlingllm.metrics.slo.Slos;
import dev.gatlingllm.values.LevelWindow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunConfigTest {
  @Test
  void secretLookingMetadataIsRedacted() {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put("gpu", "H100");
    metadata.put("OPENAI_API_KEY", "abc123");
    metadata.put("note", "sk-proj-abcdefghijklmnop");
    metadata.put("header", "Bearer xyz");
    metadata.put("max_tokens", "256");
    metadata.put("HF_TOKEN", "hf-not-shaped-like-a-key");
    RunConfig config = RunConfig.startingAt(0).withMetadata(metadata);
    assertEquals(
        Map.of(
            "gpu",
            "H100",
            "OPENAI_API_KEY",
            "***",
            "note",
            "***",
            "header",
            "***",
            "max_tokens",
            "256",
            "HF_TOKEN",
            "***"),
        config.metadata());
  }

  @Test
  void endpointHidesUserInfoAndQueryValues() {
    RunConfig config =
        RunConfig.startingAt(0)
            .withWorkload("m", "https://user:pw@host:8443/v1/chat?api-key=k", 128, 256);
    assertEquals("https://***@host:8443/v1/chat?api-key=***", config.endpoint());
  }

  @Test
  void levelsMustNotOverlapAndTargetsAreChecked() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            RunConfig.startingAt(0)
                .withLevels(
                    List.of(
                        new LevelWindow(0, 1, 0, 0, 0, 10), new LevelWindow(1, 2, 0, 5, 5, 20))));
    assertThrows(
        IllegalArgumentException.class,
        () -> AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 97, 500));
    assertThrows(IllegalArgumentException.class, () -> AttainmentTarget.goodFractionAtLeast(1.5));
    assertEquals(
        "p99 TTFT <= 500 ms",
        AttainmentTarget.percentileAtMost(AttainmentTarget.Metric.TTFT, 99, 500).describe());
    assertEquals("good fraction >= 0.95", AttainmentTarget.goodFractionAtLeast(0.95).describe());
    assertEquals("TTFT <= 500 ms, E2EL <= 2500.5 ms", new Slos(500.0, null, 2500.5).describe());
  }
}
