package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * A user's own simulation of {@code embed(..)} requests alone, whose protocol names no endpoint:
 * its report names {@code /v1/embeddings}, where the requests went, not the protocol's default chat
 * endpoint, to which nothing was sent; the user sets nothing for it.
 */
class ReportedEndpointTest {
  @TempDir Path results;

  @Test
  void anEmbeddingsRunNamesTheEndpointItsRequestsWentTo() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator server = LlmSimulator.builder().host("127.0.0.1").port(0).build().start()) {
      run =
          InProcessGatling.run(
              OwnEmbeddingsSimulation.class,
              results,
              Map.of("test.baseUrl", "http://127.0.0.1:" + server.port()));
    }
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode summary = InProcessGatling.summary(results);
    assertEquals(
        OwnEmbeddingsSimulation.USERS * OwnEmbeddingsSimulation.ROUNDS,
        summary.path("pooled_requests").asInt(),
        summary.toString());
    assertEquals("/v1/embeddings", summary.path("endpoint").asText());
    Path llm = InProcessGatling.llmDir(results);
    String markdown = Files.readString(llm.resolve("summary.md"));
    assertTrue(markdown.contains("Endpoint `/v1/embeddings`"), markdown);
    assertTrue(
        Files.readString(llm.resolve("index.html"))
            .contains("endpoint <code>/v1/embeddings</code>"),
        "the page's header");
  }
}
