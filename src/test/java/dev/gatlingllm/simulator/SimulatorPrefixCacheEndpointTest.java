package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The prefix cache and the chunked scheduler as a client sees them: usage and /metrics. */
@Timeout(30)
class SimulatorPrefixCacheEndpointTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** 40 words, 40 tokens for the simulator's tokenizer (" w0", " w1"...) plus the first "w0". */
  private static String prompt(String ending) {
    StringBuilder text = new StringBuilder("w0");
    for (int i = 1; i < 40; i++) text.append(" w").append(i);
    return text.append(ending).toString();
  }

  private static String chat(String content, boolean stream) {
    return "{\"messages\":[{\"role\":\"user\",\"content\":\""
        + content
        + "\"}],\"max_tokens\":3,\"ignore_eos\":true"
        + (stream ? ",\"stream\":true,\"stream_options\":{\"include_usage\":true}" : "")
        + "}";
  }

  private static LlmSimulator.Builder fast() {
    return LlmSimulator.builder()
        .decodeStepBaseMicros(1_000)
        .decodeStepPerStreamMicros(0)
        .prefillBaseMicros(0)
        .requestOverheadMicros(0)
        .maxWaitingSteps(0);
  }

  @Test
  void cachedTokensInTheUsageAndCountersOnMetrics() throws Exception {
    try (LlmSimulator sim = fast().scheduler("chunked").prefixCache(true).build().start()) {
      JsonNode first =
          JSON.readTree(
              SseClient.send(sim.baseUri(), "POST", "/v1/chat/completions", chat(prompt(""), false))
                  .body());
      assertEquals(40, first.path("usage").path("prompt_tokens").asInt());
      assertEquals(
          0, first.path("usage").path("prompt_tokens_details").path("cached_tokens").asInt(-1));

      // same first 40 tokens, 2 more: the 2 whole blocks of 16 are cached (32 tokens)
      SseClient.Result second =
          SseClient.post(sim.baseUri(), "/v1/chat/completions", chat(prompt(" x y"), true));
      List<String> data = second.data();
      JsonNode usage = JSON.readTree(data.get(data.size() - 2)).get("usage");
      assertEquals(42, usage.get("prompt_tokens").asInt());
      assertEquals(32, usage.path("prompt_tokens_details").path("cached_tokens").asInt(-1));

      String metrics = SseClient.send(sim.baseUri(), "GET", "/metrics", null).body();
      assertTrue(
          metrics.contains("vllm:prefix_cache_queries_total{model_name=\"sim-llm\"} 82.0"),
          metrics);
      assertTrue(
          metrics.contains("vllm:prefix_cache_hits_total{model_name=\"sim-llm\"} 32.0"), metrics);
      assertTrue(
          metrics.contains("vllm:num_preemptions_total{model_name=\"sim-llm\"} 0.0"), metrics);
    }
  }

  @Test
  void withoutThePrefixCacheTheUsageIsAsBefore() throws Exception {
    try (LlmSimulator sim = fast().build().start()) {
      HttpResponse<String> response =
          SseClient.send(sim.baseUri(), "POST", "/v1/chat/completions", chat(prompt(""), false));
      assertFalse(response.body().contains("prompt_tokens_details"), response.body());
    }
  }

  @Test
  void everySettingIsInTheDocumentsTable() throws Exception {
    String doc = Files.readString(Path.of("docs", "simulator.md"));
    for (SimulatorSetting setting : SimulatorSetting.values()) {
      assertTrue(
          doc.contains("| `" + setting.propertyName() + "` | `" + setting.defaultValue() + "` |"),
          setting.propertyName() + " and its default in docs/simulator.md's settings table");
    }
  }

  @Test
  void schedulerSettingsAreReadLikeTheOthers() {
    String property = SimulatorSetting.SCHEDULER.propertyName();
    System.setProperty(property, "tgi");
    try {
      SchedulingPolicy policy =
          LlmSimulator.builder().fromSystemProperties().config().capacity().scheduling();
      assertEquals(SchedulerKind.TGI, policy.scheduler());
      assertEquals(2048, policy.maxBatchedTokens());
      assertFalse(policy.prefixCache());
    } finally {
      System.clearProperty(property);
    }
    assertEquals(SchedulingPolicy.CHUNKED, LlmSimulator.builder().config().capacity().scheduling());
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class,
        () -> LlmSimulator.builder().set(SimulatorSetting.SCHEDULER, "fifo").config());
  }
}
