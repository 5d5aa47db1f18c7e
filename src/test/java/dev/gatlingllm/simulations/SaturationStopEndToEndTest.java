package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep against a server of two slots, 5 s a level: past two streams more load only queues (no
 * more output tok/s, a longer TTFT), so after 16 and 32 streams each add almost nothing the sweep
 * stops before 64 and says why; with {@code llm.saturationStop=false} it runs every level.
 */
class SaturationStopEndToEndTest {
  @TempDir Path stopped;
  @TempDir Path every;

  @Test
  void aSweepPastSaturationStopsAndSaysWhy() throws Exception {
    InProcessGatling.Run run = sweep(stopped, Map.of());
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.console()
            .matches(
                "(?s).*gatling-llm: the sweep stops before level 4: 16 streams and 32"
                    + " streams each added less than 5 % output tok/s .*"),
        run.tail());
    JsonNode levels = InProcessGatling.summary(stopped).path("levels");
    assertEquals(3, levels.size(), "64 streams never ran: " + levels);

    InProcessGatling.Run all = sweep(every, Map.of("llm.saturationStop", "false"));
    assertEquals(0, all.exitCode(), all.tail());
    assertTrue(!all.console().contains("the sweep stops"), all.tail());
    assertEquals(4, InProcessGatling.summary(every).path("levels").size());
  }

  private static InProcessGatling.Run sweep(Path results, Map<String, String> extra)
      throws Exception {
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).slots(2).build().start()) {
      Map<String, String> all = new HashMap<>(extra);
      all.put("llm.baseUrl", "http://127.0.0.1:" + server.port());
      all.put("llm.levels", "8,16,32,64");
      all.put("llm.levelDuration", "5");
      all.put("llm.inputTokens", "16");
      all.put("llm.outputTokens", "8");
      all.put("llm.warmupSeconds", "0");
      all.put("llm.probe", "false");
      return InProcessGatling.run(ConcurrencySweepSimulation.class, results, all);
    }
  }
}
