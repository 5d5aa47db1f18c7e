package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile pass's lost request (issue 45, item 1): a self-referential schema used per request
 * once threw StackOverflowError on the event loop, one request sent and 0 rows. Against the
 * embedded simulator, which counts what it received: every request made is one row of requests.csv,
 * the rows of the requests sent are exactly the requests the server received, and each looping
 * schema's request is a KO naming the loop, never sent.
 */
class SchemaPerSessionRowsTest {
  @TempDir Path results;

  @Test
  void everyRequestIsARowAndTheSentOnesAreWhatTheServerReceived() throws Exception {
    List<RequestRow> rows;
    long received;
    try (LlmSimulator server =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .timing("ttft=5;itl=1")
            .groundTruth(true)
            .build()
            .start()) {
      InProcessGatling.Run run =
          InProcessGatling.run(
              SchemaPerSessionSimulation.class,
              results,
              Map.of("test.baseUrl", "http://127.0.0.1:" + server.port()));
      assertEquals(0, run.exitCode(), run.tail());
      received = server.groundTruth().size();
      assertEquals(0, server.groundTruthDropped());
    }
    rows = InProcessGatling.requests(results);
    int users = SchemaPerSessionSimulation.SCHEMAS.size();
    long loops =
        SchemaPerSessionSimulation.SCHEMAS.stream()
            .filter(SchemaPerSessionSimulation.LOOPS::contains)
            .count();
    assertEquals(4, loops);
    assertEquals(2 * users, rows.size(), "a plain chat and a schema's chat per user, each a row");
    List<RequestRow> sent = rows.stream().filter(r -> r.status().httpStatus() != 0).toList();
    assertEquals(received, sent.size(), "the rows of the requests sent = the server's count");
    assertEquals(2 * users - loops, received, "6 plain chats and the 2 sound schemas' chats");
    List<RequestRow> looped = rows.stream().filter(r -> r.status().httpStatus() == 0).toList();
    assertEquals(loops, looped.size());
    for (RequestRow row : looped) {
      assertEquals("schema of the session", row.placement().requestName());
      assertTrue(!row.status().ok(), "KO");
      String error = row.status().error();
      assertTrue(
          error.startsWith("cannot build request: ")
              && error.contains("leads back to itself without reading any of the answer"),
          error);
    }
    assertTrue(
        sent.stream().allMatch(r -> r.status().ok()),
        "the plain chats and the sound schema's are OK");
  }
}
