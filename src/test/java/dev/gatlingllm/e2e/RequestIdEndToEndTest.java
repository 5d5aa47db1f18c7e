package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each row of requests.csv carries the id the server gave its request (the {@code x-request-id}
 * response header): joined on it, every row meets the simulator's own record of that very request.
 */
class RequestIdEndToEndTest {
  @Test
  void everyRowCarriesTheIdTheServerGaveThatRequest(@TempDir Path results) throws Exception {
    List<GroundTruthRecord> truth;
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=20;itl=2")
            .groundTruth(true)
            .build()
            .start()) {
      System.setProperty("test.baseUrl", "http://127.0.0.1:" + simulator.port());
      int exit =
          Gatling$.MODULE$.fromArgs(
              new String[] {
                "--simulation",
                RequestIdSimulation.class.getName(),
                "--results-folder",
                results.toString(),
                "--no-reports"
              });
      assertEquals(0, exit);
      truth = simulator.groundTruth();
    }
    Map<String, GroundTruthRecord> served =
        truth.stream().collect(Collectors.toMap(GroundTruthRecord::requestId, Function.identity()));
    List<RequestRow> rows = InProcessGatling.requests(results);

    int users = RequestIdSimulation.USERS;
    assertEquals(users * (RequestIdSimulation.REQUESTS_PER_USER + 1), rows.size());
    assertEquals(rows.size(), served.size(), "the simulator served as many requests");
    Set<Long> lengths = new HashSet<>();
    for (RequestRow row : rows) {
      GroundTruthRecord server = served.get(row.status().requestId());
      assertNotNull(
          server,
          "row "
              + row.placement().requestName()
              + " names a request the server served: "
              + row.status().requestId());
      assertTrue(row.status().requestId().startsWith("chatcmpl-sim-"), row.status().requestId());
      if (row.placement().requestName().equals("refused")) {
        assertFalse(row.status().ok());
        assertEquals(503, row.status().httpStatus());
        assertEquals(
            "status-503", server.outcome(), "a refused request's id is that of the refusal");
        assertEquals(
            3, row.status().retryAfterSeconds(), "the server's Retry-After is in its column");
      } else {
        assertTrue(row.status().ok(), row.status().error());
        assertEquals(-1, row.status().retryAfterSeconds());
        // Every request asked for its own length: equal counts mean the same request.
        assertEquals(
            server.completionTokens(), row.tokens().outputTokens(), row.status().requestId());
        lengths.add(row.tokens().outputTokens());
      }
    }
    assertEquals(
        users * RequestIdSimulation.REQUESTS_PER_USER,
        lengths.size(),
        "every length once: " + lengths);
    assertEquals(
        rows.size(),
        rows.stream().map(row -> row.status().requestId()).distinct().count(),
        "ids differ");
  }
}
