package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulations.OwnChatSimulation;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.ScriptedHttpServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that cuts every second stream after 20 of its tokens and closes the connection, which
 * the client had reused: each cut stream is one request, KO with what it received, never sent again
 * and counted as one; the server's count of requests equals the rows.
 */
class CutStreamOnReusedConnectionTest {
  @TempDir Path results;

  @Test
  void aCutStreamIsOneKoRequestAndTheServerCountsWhatWeCount() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    List<RequestRow> rows;
    int received;
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request -> {
              ScriptedHttpServer.Script s =
                  new ScriptedHttpServer.Script().chunkedHeaders(200, "text/event-stream");
              boolean cut = seen.incrementAndGet() % 2 == 0;
              for (int i = 0; i < (cut ? 20 : 40); i++) {
                s.chunk(ChatActionEndToEndTest.content("t" + i));
              }
              return cut ? s.at(20).close() : s.chunk(ChatActionEndToEndTest.END).endChunks();
            })) {
      InProcessGatling.run(
          OwnChatSimulation.class,
          results,
          Map.of("test.baseUrl", server.baseUrl(), "llm.sloRecords", "none"));
      rows = InProcessGatling.requests(results);
      received = server.received().size();
    }
    assertEquals(received, rows.size(), "the server received as many requests as we counted");
    long ko = rows.stream().filter(r -> !r.status().ok()).count();
    assertEquals(received / 2, ko, "every second one was cut");
    for (RequestRow row : rows) {
      assertEquals(
          row.status().ok() ? 40 : 20,
          row.tokens().tokenEvents(),
          "what it received, no more: " + row);
    }
  }

  @Test
  void aStreamCutByTheServersDeathSaysSoNotTheResendsConnectFailure() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    AtomicReference<ScriptedHttpServer> dying = new AtomicReference<>();
    List<RequestRow> rows;
    try (ScriptedHttpServer server =
        new ScriptedHttpServer(
            request -> {
              ScriptedHttpServer.Script s =
                  new ScriptedHttpServer.Script().chunkedHeaders(200, "text/event-stream");
              if (seen.incrementAndGet() < 3) {
                for (int i = 0; i < 40; i++) {
                  s.chunk(ChatActionEndToEndTest.content("t" + i));
                }
                return s.chunk(ChatActionEndToEndTest.END).endChunks();
              }
              for (int i = 0; i < 20; i++) {
                s.chunk(ChatActionEndToEndTest.content("t" + i));
              }
              // The server dies mid-stream: its port refuses every connection from then on.
              CompletableFuture.runAsync(
                  () -> {
                    try {
                      Thread.sleep(50);
                      dying.get().close();
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                  });
              return s.stall(5_000);
            })) {
      dying.set(server);
      InProcessGatling.run(
          OwnChatSimulation.class,
          results,
          Map.of("test.baseUrl", server.baseUrl(), "llm.sloRecords", "none"));
      rows = InProcessGatling.requests(results);
    }
    List<RequestRow> cut = rows.stream().filter(r -> r.tokens().tokenEvents() == 20).toList();
    assertTrue(!cut.isEmpty(), "a stream was cut: " + rows);
    for (RequestRow row : cut) {
      assertEquals(
          "connection closed by the server before the response ended",
          row.status().error(),
          "the cause that ended the stream, not the resend's connect failure");
    }
  }
}
