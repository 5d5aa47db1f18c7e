package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An LLM scenario beside an existing HTTP scenario, each with its own protocols: both run, Gatling
 * asserts on both, and the LLM report counts the chats alone.
 */
class HttpBesideLlmTest {
  @TempDir Path results;

  @Test
  void bothScenariosRunWithTheirOwnProtocols() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator server =
        LlmSimulator.builder().host("127.0.0.1").port(0).timing("ttft=5;itl=1").build().start()) {
      run =
          InProcessGatling.run(
              HttpBesideLlmSimulation.class,
              results,
              Map.of("test.baseUrl", "http://127.0.0.1:" + server.port()));
    }
    assertEquals(0, run.exitCode(), "the 3 Gatling assertions pass: " + run.tail());
    assertEquals(
        6,
        InProcessGatling.summary(results).path("completed").asInt(),
        "3 users x 2 chats, no HTTP request of the other scenario");
  }
}
