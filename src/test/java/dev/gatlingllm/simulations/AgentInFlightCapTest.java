package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Six agent sessions at once under a cap of two requests in flight: the server never holds more
 * than two requests at a time, it does hold two, and every request ends OK (no user left parked).
 */
class AgentInFlightCapTest {
  @TempDir Path results;

  @Test
  void theServerNeverSeesMoreRequestsThanTheCap() throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().timing("ttft=40;itl=5").groundTruth(true).build().start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              AgentSessionSimulation.class,
              results,
              Map.ofEntries(
                  Map.entry("llm.baseUrl", server.baseUri().toString()),
                  Map.entry("llm.agent.sessions", "6"),
                  Map.entry("llm.agent.minTurns", "3"),
                  Map.entry("llm.agent.maxTurns", "3"),
                  Map.entry("llm.agent.toolLatencyMs", "20"),
                  Map.entry("llm.agent.maxInFlight", "2"),
                  Map.entry("llm.inputTokens", "24"),
                  Map.entry("llm.outputTokens", "6"),
                  Map.entry("llm.levels", "6"),
                  Map.entry("llm.warmupRequests", "0"),
                  Map.entry("llm.warmupSeconds", "0"),
                  Map.entry("llm.probe", "false")));
      assertEquals(0, run.exitCode(), run.tail());
      List<RequestRow> rows =
          InProcessGatling.requests(results).stream()
              .filter(r -> r.placement().level() == 0)
              .toList();
      assertEquals(18, rows.size(), "6 sessions of 3 turns");
      assertTrue(rows.stream().allMatch(r -> r.status().ok()), "every request ended OK");

      List<GroundTruthRecord> truth = server.groundTruth();
      assertEquals(18, truth.size());
      assertEquals(2, mostAtOnce(truth), "the cap, reached and never passed");
    }
  }

  /**
   * The most requests the server held at one instant, each from its receipt to its last write: the
   * record's own end is taken once that write completed, which can be after the client read it,
   * freed its slot and sent the next request.
   */
  private static int mostAtOnce(List<GroundTruthRecord> truth) {
    List<long[]> edges = new ArrayList<>();
    for (GroundTruthRecord record : truth) {
      long[] writes = record.writeNanos();
      edges.add(new long[] {record.receivedNanos(), 1});
      edges.add(new long[] {writes[writes.length - 1], -1});
    }
    // An end before a receipt at the same instant: the slot was freed first.
    edges.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    int now = 0;
    int most = 0;
    for (long[] edge : edges) {
      now += (int) edge[1];
      most = Math.max(most, now);
    }
    return most;
  }
}
