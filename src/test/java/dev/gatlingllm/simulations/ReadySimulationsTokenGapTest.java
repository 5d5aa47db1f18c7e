package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every ready simulation, run briefly against the embedded simulator, finds the server's output
 * token counts and the client's equal, request by request: both ends are ours, so a gap would be a
 * miscount on one side (the simulator's usage not counting what it streamed, or the client leaving
 * out generated text such as tool-call arguments or JSON answers).
 */
class ReadySimulationsTokenGapTest {
  @TempDir Path results;

  /** Tiny levels: a few seconds each, the whole set well under two minutes. */
  static Stream<Arguments> readySimulations() {
    java.util.List<Arguments> all = new java.util.ArrayList<>();
    Map<String, String> sweep =
        Map.of(
            "llm.levels", "1,2",
            "llm.requestsPerLevel", "2",
            "llm.inputTokens", "16",
            "llm.outputTokens", "8",
            "llm.warmupRequests", "0",
            "llm.warmupSeconds", "0",
            "llm.probe", "false");
    all.add(Arguments.of("ConcurrencySweepSimulation", ConcurrencySweepSimulation.class, sweep));
    all.add(
        Arguments.of(
            "ChatQuickstartSimulation",
            ChatQuickstartSimulation.class,
            Map.of(
                "llm.concurrency", "2",
                "llm.durationSeconds", "1",
                "llm.outputTokens", "8",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "FixedRatioSimulation",
            FixedRatioSimulation.class,
            Map.of(
                "llm.ratio", "16:8",
                "llm.levels", "1",
                "llm.levelDuration", "1",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "DatasetSimulation",
            DatasetSimulation.class,
            Map.of(
                "llm.levels", "2",
                "llm.requestsPerLevel", "4",
                "llm.outputTokens", "8",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "ImageChatSweepSimulation (images)",
            ImageChatSweepSimulation.class,
            with(sweep, "llm.images.width", "64", "llm.images.height", "64")));
    all.add(
        Arguments.of(
            "ImageChatSweepSimulation (audio)",
            ImageChatSweepSimulation.class,
            with(
                sweep, "llm.images.count", "0", "llm.audio.count", "1", "llm.audio.seconds", "1")));
    all.add(
        Arguments.of(
            "MultiTurnSimulation",
            MultiTurnSimulation.class,
            Map.of(
                "llm.levels", "2",
                "llm.requestsPerLevel", "2",
                "llm.turns", "2",
                "llm.thinkTimeSeconds", "0.1",
                "llm.inputTokens", "16",
                "llm.outputTokens", "8",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "OpenRateSimulation",
            OpenRateSimulation.class,
            Map.of(
                "llm.rates", "4",
                "llm.levelDuration", "1",
                "llm.inputTokens", "16",
                "llm.outputTokens", "4",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "RateLimitedSimulation",
            RateLimitedSimulation.class,
            Map.of(
                "llm.rpm", "120",
                "llm.rateWindowSeconds", "1",
                "llm.levelDuration", "1",
                "llm.inputTokens", "16",
                "llm.outputTokens", "8",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "TraceReplaySimulation",
            TraceReplaySimulation.class,
            Map.of("llm.trace.limit", "6", "llm.trace.speed", "8", "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "AgentSessionSimulation", AgentSessionSimulation.class, agents("openai-chat")));
    // Anthropic streams the arguments as input_json_delta, Ollama sends the call whole.
    all.add(
        Arguments.of(
            "AgentSessionSimulation (anthropic)",
            AgentSessionSimulation.class,
            agents("anthropic")));
    all.add(
        Arguments.of(
            "AgentSessionSimulation (ollama-chat)",
            AgentSessionSimulation.class,
            agents("ollama-chat")));
    all.add(
        Arguments.of(
            "StructuredOutputSweepSimulation", StructuredOutputSweepSimulation.class, sweep));
    all.add(
        Arguments.of(
            "EmbeddingSweepSimulation",
            EmbeddingSweepSimulation.class,
            Map.of(
                "llm.levels", "1",
                "llm.requestsPerStream", "2",
                "llm.inputTokens", "16",
                "llm.warmupSeconds", "0")));
    all.add(
        Arguments.of(
            "CapacitySearchSimulation",
            CapacitySearchSimulation.class,
            Map.of(
                "llm.levels", "1,2",
                "llm.requestsPerStream", "2",
                "llm.inputTokens", "16",
                "llm.outputTokens", "8",
                "llm.warmupSeconds", "0")));
    return all.stream();
  }

  private static Map<String, String> agents(String dialect) {
    return Map.of(
        "llm.dialect", dialect,
        "llm.levels", "2",
        "llm.requestsPerLevel", "3",
        "llm.agent.toolLatencyScale", "0.05",
        "llm.warmupSeconds", "0");
  }

  private static Map<String, String> with(Map<String, String> base, String... more) {
    Map<String, String> properties = new LinkedHashMap<>(base);
    for (int i = 0; i < more.length; i += 2) {
      properties.put(more[i], more[i + 1]);
    }
    return properties;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readySimulations")
  void theServersAndTheClientsOutputCountsAgree(
      String name, Class<?> simulation, Map<String, String> properties) throws Exception {
    InProcessGatling.Run run = InProcessGatling.run(simulation, results, properties);
    assertEquals(0, run.exitCode(), name + "\n" + run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    JsonNode gap = summary.path("token_count_mismatch");
    String shown = name + ": " + gap;
    assertEquals(0, gap.path("absolute_difference").asLong(), shown);
    assertEquals(0.0, gap.path("percent").asDouble(), shown);
    assertEquals(0, gap.path("differing").path("requests").asLong(), shown);
    long generated = summary.path("total_output_tokens").asLong();
    if (simulation == EmbeddingSweepSimulation.class) {
      // Embeddings generate nothing: no output count on either side to compare.
      assertEquals(0, generated, shown);
      assertEquals(0, gap.path("requests").asLong(), shown);
      return;
    }
    // Every completed request was counted on both sides, and the two totals are the run's output.
    assertEquals(summary.path("completed").asLong(), gap.path("requests").asLong(), shown);
    assertTrue(generated > 0, shown);
    assertEquals(generated, gap.path("server_tokens").asLong(), shown);
    assertEquals(generated, gap.path("client_tokens").asLong(), shown);
  }
}
