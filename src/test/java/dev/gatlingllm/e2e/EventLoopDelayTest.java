package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.simulator.LlmSimulator;
import io.gatling.app.Gatling$;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that blocks its event loops on purpose in its second level: the report must show that
 * level's event-loop delay and warn that its latencies are the client's doing, and must not blame
 * the first level.
 */
class EventLoopDelayTest {
  @TempDir Path results;

  @Test
  void aLevelThatBlocksTheEventLoopIsFlaggedInTheReport() throws Exception {
    JsonNode summary;
    try (LlmSimulator simulator = LlmSimulator.builder().timing("ttft=20;itl=5").build().start()) {
      System.setProperty("test.baseUrl", simulator.baseUri().toString());
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                BlockedLoopSimulation.class.getName(),
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      assertEquals(0, exit);
    } finally {
      System.clearProperty("test.baseUrl");
    }
    try (Stream<Path> runs = Files.list(results)) {
      Path run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
      summary = new ObjectMapper().readTree(run.resolve("llm/summary.json").toFile());
    }
    JsonNode free = summary.path("levels").get(0);
    JsonNode blocked = summary.path("levels").get(1);
    assertTrue(
        blocked.path("event_loop_delay_count").asLong() > 0, "the probe took samples in the level");
    double blockedMax = blocked.path("max_event_loop_delay_ms").asDouble();
    double blockedP99 = blocked.path("p99_event_loop_delay_ms").asDouble();
    assertTrue(
        blockedMax >= BlockedLoopSimulation.BLOCK_MILLIS * 0.75,
        "the 40 ms blocks, seen as a max of " + blockedMax + " ms");
    assertTrue(blockedP99 > 5, "p99 " + blockedP99 + " ms");
    assertTrue(
        free.path("p99_event_loop_delay_ms").asDouble() < blockedP99,
        "the level that did not block: " + free.path("p99_event_loop_delay_ms").asDouble() + " ms");
    JsonNode warnings = summary.path("client_warnings");
    assertTrue(
        warnings.size() >= 1 && warnings.toString().contains("client's event loops ran late"),
        "warnings: " + warnings);
    boolean blamesSecond = false;
    for (JsonNode warning : warnings) {
      blamesSecond |= warning.asText().startsWith(blocked.path("label").asText());
    }
    assertTrue(blamesSecond, "the warning names the blocked level: " + warnings);
  }
}
