package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A ready simulation run with {@code -Dllm.dialect=anthropic} or {@code openai-responses} against
 * the embedded simulator, which then serves {@code /v1/messages} or {@code /v1/responses}: every
 * request OK and the report's token totals are the workload's. These APIs take no {@code
 * ignore_eos}, so the simulated model is told never to stop early ({@code sim.eosProbability=0})
 * for the output to be exact.
 */
class ReadySimulationDialectsTest {
  @TempDir Path results;

  private static final Map<String, String> PROPERTIES =
      Map.of(
          "llm.levels",
          "2",
          "llm.requestsPerLevel",
          "4",
          "llm.inputTokens",
          "32",
          "llm.outputTokens",
          "8",
          "llm.warmupRequests",
          "1",
          "llm.warmupSeconds",
          "0",
          "sim.eosProbability",
          "0");

  @AfterEach
  void clear() {
    PROPERTIES.keySet().forEach(System::clearProperty);
    System.clearProperty("llm.dialect");
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "openai-responses"})
  void concurrencySweepRunsWithTheDialect(String dialect) throws Exception {
    PROPERTIES.forEach(System::setProperty);
    System.setProperty("llm.dialect", dialect);
    int exit =
        Gatling$.MODULE$.fromArgs(
            new String[] {
              "--simulation",
              ConcurrencySweepSimulation.class.getName(),
              "--results-folder",
              results.toString(),
              "--no-reports"
            });
    assertEquals(0, exit);
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(4, summary.path("completed").asInt());
    assertEquals(0, summary.path("failed").asInt());
    assertEquals(32, summary.path("total_output_tokens").asInt(), "8 tokens per request");
    assertEquals(128, summary.path("total_input_tokens").asInt(), "32 exact tokens per prompt");
  }
}
