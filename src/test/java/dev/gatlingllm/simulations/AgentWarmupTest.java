package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-ups play sessions of their own: a replayed trace's sessions are all measured, each once
 * and under its own id, however many sessions the warm-up played before the first level.
 */
class AgentWarmupTest {
  @TempDir Path results;

  @Test
  void theWarmUpLeavesTheTracesSessionsToTheLevels() throws Exception {
    try (LlmSimulator server = LlmSimulator.builder().timing("ttft=5;itl=1").build().start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              AgentSessionSimulation.class,
              results,
              Map.of(
                  "llm.baseUrl", server.baseUri().toString(),
                  "llm.agent.toolLatencyScale", "0.01",
                  "llm.levels", "2",
                  "llm.warmupRequests", "3",
                  "llm.warmupSeconds", "0",
                  "llm.probe", "false"));
      assertEquals(0, run.exitCode(), run.tail());
    }
    Set<String> measured = new TreeSet<>();
    for (RequestRow row : InProcessGatling.requests(results)) {
      if (row.placement().level() == 0) measured.add(row.placement().sessionTurn().sessionId());
    }
    // feeders/agent-sessions-sample.jsonl: s1 to s4, none played again (s1#2...)
    assertEquals(Set.of("s1", "s2", "s3", "s4"), measured);
  }
}
