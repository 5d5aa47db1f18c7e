package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capacity search whose first level already misses the target: every first token 300 ms after the
 * request against a TTFT SLO of 200 ms. The search stops after 1 stream, and its report says so, as
 * a search: not "one load level ran" with the advice to set the levels it was given, and the share
 * over the SLO as a share of the requests.
 */
class CapacitySearchFirstLevelTest {
  @TempDir Path results;

  @Test
  void aSearchThatStopsAtItsFirstLevelSaysWhy() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=300;itl=5").build().start()) {
      run =
          InProcessGatling.run(
              CapacitySearchSimulation.class,
              results,
              Map.of(
                  "llm.baseUrl", "http://127.0.0.1:" + simulator.port(),
                  "llm.levels", "1,2,4",
                  "llm.requestsPerStream", "3",
                  "llm.inputTokens", "16",
                  "llm.outputTokens", "8",
                  "llm.warmupRequests", "0",
                  "llm.slo.ttftMs", "200",
                  "llm.rampSeconds", "0",
                  "llm.warmupSeconds", "0"));
    }
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(1, summary.path("levels").size(), "only the first level ran: " + summary);
    String story = summary.path("capacity_story").asText();
    assertTrue(
        story.startsWith(
            "The capacity search stopped after its first level: 1 stream already misses the"
                + " target (p99 TTFT <= 200 ms): p99 TTFT "),
        story);
    assertTrue(story.contains("100 % of requests over the TTFT SLO (200 ms)"), story);
    assertTrue(story.contains("even one stream at a time is over it"), story);
    assertFalse(story.contains("llm.levels"), "the levels were given: " + story);
    String console = run.console();
    assertFalse(console.contains("none (one load level)"), run.tail());
    assertTrue(console.contains("The capacity search stopped after its first level"), run.tail());
    String page = Files.readString(InProcessGatling.llmDir(results).resolve("index.html"));
    assertFalse(page.contains("one load level ran"), "the page tells the same story");
  }
}
