package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own simulation gets the story the ready ones tell: the default SLOs judge its requests
 * (a server whose first token takes 600 ms misses the 500 ms TTFT SLO on every request), and a run
 * of one load level says that no capacity search took place instead of naming a capacity.
 */
class OwnSimulationStoryTest {
  private static final int REQUESTS = OwnChatSimulation.USERS * OwnChatSimulation.ROUNDS * 2;

  @TempDir Path results;

  @Test
  void theDefaultSlosJudgeItsRequestsAndOneLevelIsNoCapacity() throws Exception {
    InProcessGatling.Run run = runAgainstASlowFirstToken(Map.of());
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(REQUESTS, summary.path("completed").asInt());
    assertEquals(0, summary.path("good_requests").asInt(0), "all over the TTFT SLO: " + summary);
    String story = summary.path("capacity_story").asText();
    assertTrue(
        story.startsWith(
            "One load level ran (whole run), so no capacity search took place; it misses the"
                + " target (good fraction >= 0.95): "),
        story);
    assertTrue(story.contains("TTFT"), story);
    String console = run.console();
    assertTrue(console.contains("Capacity search:"), run.tail());
    assertTrue(console.contains("none (one load level)"), run.tail());
    assertTrue(!console.contains("Sustainable capacity:"), "no capacity named: " + run.tail());
    // Gatling's own records of the misses: one per request, OK.
    assertTrue(console.matches("(?s).*> chat SLO miss +\\| +6 \\| +6 \\| +0.*"), run.tail());
    assertTrue(console.matches("(?s).*> chat turn 2 SLO miss +\\| +6 \\| +6 \\| +0.*"), run.tail());

    // By request name, beside the totals: 6 chats of 8 tokens and 6 second turns of 4 (ignore_eos),
    // each name's output tok/s over the run's window, adding up to the run's.
    JsonNode names = summary.path("request_names");
    assertEquals(2, names.size(), names.toString());
    double window = summary.path("duration").asDouble();
    double sum = 0;
    int[] tokens = {8, 4};
    String[] expected = {"chat", "chat turn 2"};
    for (int i = 0; i < 2; i++) {
      JsonNode named = names.get(i);
      assertEquals(expected[i], named.path("request_name").asText());
      assertEquals(6, named.path("completed").asInt());
      assertEquals(0, named.path("failed").asInt());
      assertEquals(6L * tokens[i], named.path("total_output_tokens").asLong());
      assertEquals(
          6.0 * tokens[i] / window, named.path("output_throughput").asDouble(), 1e-6, "by hand");
      double ttftP50 = named.path("median_ttft_ms").asDouble();
      assertTrue(ttftP50 >= 600 && ttftP50 < 800, "the server's 600 ms first token: " + ttftP50);
      sum += named.path("output_throughput").asDouble();
    }
    assertEquals(summary.path("output_throughput").asDouble(), sum, 1e-6, "the names add up");
    assertTrue(
        console.matches("(?s).*-By request name-.*\\nchat +6/0 .*\\nchat turn 2 +6/0 .*"),
        run.tail());
  }

  @Test
  void withRequestRecordsOnlyGatlingsGlobalCountsTheRequestsAlone() throws Exception {
    InProcessGatling.Run run = runAgainstASlowFirstToken(Map.of("llm.requestRecordsOnly", "true"));
    assertEquals(0, run.exitCode(), run.tail());
    String console = run.console();
    // 12 requests, every one over the TTFT SLO: Global holds them alone, no TTFT or SLO-miss row.
    assertTrue(
        console.matches("(?s).*> Global +\\| +" + REQUESTS + " \\| +" + REQUESTS + " \\| +0.*"),
        run.tail());
    assertTrue(!console.contains("> chat TTFT"), run.tail());
    assertTrue(!console.contains("SLO miss"), run.tail());
    assertEquals(0, InProcessGatling.summary(results).path("good_requests").asInt(-1));
  }

  /** The user's simulation against a server whose first token takes 600 ms, then 1 ms a token. */
  private InProcessGatling.Run runAgainstASlowFirstToken(Map<String, String> properties)
      throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=600;itl=1").build().start()) {
      Map<String, String> all = new java.util.HashMap<>(properties);
      all.put("test.baseUrl", "http://127.0.0.1:" + server.port());
      return InProcessGatling.run(OwnChatSimulation.class, results, all);
    }
  }
}
