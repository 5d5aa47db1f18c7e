package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator's embeddings and rerank endpoints: one vector per input of the asked length, a
 * rerank's best documents first, the usage by the simulator's tokenizer, and the batching engine's
 * timing by hand (a lone request lasts one batch; concurrent requests share one).
 */
@Timeout(30)
class SimulatorPoolingTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static LlmSimulator start(long batchMicros, double tokenMicros) {
    return LlmSimulator.builder()
        .set(SimulatorSetting.POOLING_BATCH_MICROS, batchMicros)
        .set(SimulatorSetting.POOLING_TOKEN_MICROS, tokenMicros)
        .build()
        .start();
  }

  private static JsonNode post(LlmSimulator sim, String path, String body) throws Exception {
    HttpResponse<String> response = SseClient.send(sim.baseUri(), "POST", path, body);
    assertEquals(200, response.statusCode(), response.body());
    return JSON.readTree(response.body());
  }

  @Test
  void oneUnitVectorPerInputOfTheAskedLengthWithTheUsage() throws Exception {
    try (LlmSimulator sim = start(0, 0)) {
      JsonNode answer =
          post(
              sim,
              "/v1/embeddings",
              "{\"input\":[\"a fast llama\",\"b\",\"a fast llama\"],\"dimensions\":16}");
      assertEquals(3, answer.path("data").size());
      double norm = 0;
      for (JsonNode value : answer.path("data").get(0).path("embedding")) {
        norm += value.asDouble() * value.asDouble();
      }
      assertEquals(16, answer.path("data").get(0).path("embedding").size());
      assertEquals(1.0, norm, 1e-4, "unit length");
      assertEquals(
          answer.path("data").get(0).path("embedding"),
          answer.path("data").get(2).path("embedding"),
          "the same text, the same vector");
      long tokens = SimpleTokenizer.count("a fast llama") * 2L + SimpleTokenizer.count("b");
      assertEquals(tokens, answer.path("usage").path("prompt_tokens").asLong());
      String metrics = SseClient.send(sim.baseUri(), "GET", "/metrics", null).body();
      assertTrue(
          metrics.contains("vllm:prompt_tokens_total{model_name=\"sim-llm\"} " + tokens),
          "the /metrics page counts its input tokens: " + metrics);

      JsonNode single =
          post(sim, "/v1/embeddings", "{\"input\":\"x\",\"encoding_format\":\"base64\"}");
      byte[] floats =
          Base64.getDecoder().decode(single.path("data").get(0).path("embedding").asText());
      assertEquals(4 * 384, floats.length, "384 float32 by default");
    }
  }

  @Test
  void aRerankListsTheBestDocumentsFirstUpToTopN() throws Exception {
    try (LlmSimulator sim = start(0, 0)) {
      JsonNode answer =
          post(
              sim,
              "/v1/rerank",
              "{\"query\":\"fast llama\",\"documents\":[\"slow cat\",\"a fast llama\",\"fast car\"],\"top_n\":2}");
      JsonNode results = answer.path("results");
      assertEquals(2, results.size());
      assertEquals(1, results.get(0).path("index").asInt(), "both words");
      assertEquals(2, results.get(1).path("index").asInt(), "one word");
      long query = SimpleTokenizer.count("fast llama");
      long tokens =
          3 * query
              + SimpleTokenizer.count("slow cat")
              + SimpleTokenizer.count("a fast llama")
              + SimpleTokenizer.count("fast car");
      assertEquals(tokens, answer.path("usage").path("prompt_tokens").asLong());
    }
  }

  @Test
  void aRequestWithoutInputIsRefused() throws Exception {
    try (LlmSimulator sim = start(0, 0)) {
      HttpResponse<String> response =
          SseClient.send(sim.baseUri(), "POST", "/v1/embeddings", "{\"input\":[]}");
      assertEquals(400, response.statusCode());
      assertTrue(response.body().contains("'input'"), response.body());
    }
  }

  /**
   * With a batch of 200 ms and no cost per token, a lone request takes 200 ms; eight sent together
   * take a few batches (those arriving during one wait for the next), never eight one after the
   * other (1.6 s).
   */
  @Test
  void concurrentRequestsShareABatch() throws Exception {
    try (LlmSimulator sim = start(200_000, 0)) {
      long start = System.nanoTime();
      post(sim, "/v1/embeddings", "{\"input\":\"warm\"}");
      long lone = (System.nanoTime() - start) / 1_000_000;
      assertTrue(lone >= 200, "one batch: " + lone + " ms");

      List<CompletableFuture<JsonNode>> together = new ArrayList<>();
      start = System.nanoTime();
      for (int i = 0; i < 8; i++) {
        together.add(
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return post(sim, "/v1/embeddings", "{\"input\":\"t\"}");
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                }));
      }
      for (CompletableFuture<JsonNode> answer : together) {
        assertEquals(1, answer.get().path("data").size());
      }
      long all = (System.nanoTime() - start) / 1_000_000;
      assertTrue(all >= 200 && all < 5 * 200, "a few batches, not eight: " + all + " ms");
    }
  }

  /** Posts under a fault (none when null) and the fixed timing of 50 ms. */
  private static HttpResponse<String> faulted(
      LlmSimulator sim, String path, String body, String fault) throws Exception {
    return fault == null
        ? SseClient.send(
            sim.baseUri(), "POST", path, body, LlmSimulator.TIMING_HEADER, "ttft=50;itl=0")
        : SseClient.send(
            sim.baseUri(),
            "POST",
            path,
            body,
            LlmSimulator.FAULT_HEADER,
            fault,
            LlmSimulator.TIMING_HEADER,
            "ttft=50;itl=0");
  }

  /**
   * The faults that act on one JSON answer: cut in half, empty, without usage, a 500 once the batch
   * ran, a reset; a fixed timing answers its ttft after the request, outside the batch of 1 s.
   */
  @Test
  void theFaultsOfAWholeAnswerAndAFixedTimingApply() throws Exception {
    try (LlmSimulator sim = start(1_000_000, 0)) {
      String body = "{\"input\":[\"a fast llama\",\"b\"]}";
      HttpResponse<String> cut = faulted(sim, "/v1/embeddings", body, "invalid-json");
      assertEquals(200, cut.statusCode());
      assertTrue(cut.body().startsWith("{") && !cut.body().endsWith("}"), cut.body());

      HttpResponse<String> empty =
          faulted(sim, "/v1/rerank", "{\"query\":\"q\",\"documents\":[\"d\"]}", "empty-body");
      assertEquals(200, empty.statusCode());
      assertEquals("", empty.body());

      JsonNode noUsage = JSON.readTree(faulted(sim, "/v1/embeddings", body, "no-usage").body());
      assertEquals(2, noUsage.path("data").size());
      assertTrue(noUsage.path("usage").isMissingNode(), noUsage.toString());

      HttpResponse<String> error = faulted(sim, "/v1/embeddings", body, "error-mid-stream");
      assertEquals(500, error.statusCode());
      assertTrue(error.body().contains("simulated failure while computing the batch"));

      long start = System.nanoTime();
      JsonNode timed = JSON.readTree(faulted(sim, "/v1/embeddings", body, null).body());
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals(2, timed.path("data").size());
      assertTrue(millis >= 50 && millis < 500, "the fixed 50 ms, not the 1 s batch: " + millis);

      assertThrows(
          java.io.IOException.class,
          () -> faulted(sim, "/v1/embeddings", body, "reset-mid-stream"),
          "the connection is reset");
      String metrics = SseClient.send(sim.baseUri(), "GET", "/metrics", null).body();
      assertTrue(
          metrics.contains("vllm:request_success_total{model_name=\"sim-llm\"} 4"),
          "the four answers are successes, the 500 and the reset are not: " + metrics);
    }
  }

  /** A stalled answer is never written: the client's own timeout ends the request. */
  @Test
  void aStalledAnswerIsNeverWritten() throws Exception {
    try (LlmSimulator sim = start(0, 0)) {
      HttpRequest request =
          HttpRequest.newBuilder(sim.baseUri().resolve("/v1/embeddings"))
              .timeout(Duration.ofMillis(500))
              .header("Content-Type", "application/json")
              .header(LlmSimulator.FAULT_HEADER, "stall")
              .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"a\"}"))
              .build();
      assertThrows(
          HttpTimeoutException.class,
          () -> HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()));
    }
  }
}
