package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.simulator.GroundTruthRecord;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.HostileMetricsPage;
import dev.gatlingllm.testing.InProcessGatling;
import io.gatling.app.Gatling$;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short sweep against the simulator with its metrics page read during the run: what the report
 * says the server counted must be what the server's ground truth says it did.
 */
class ServerMetricsEndToEndTest {
  @TempDir Path results;

  private static final Map<String, String> PROPERTIES =
      Map.of(
          "llm.levels",
          "2,6",
          "llm.requestsPerLevel",
          "12",
          "llm.inputTokens",
          "64",
          "llm.outputTokens",
          "96",
          "llm.warmupRequests",
          "1",
          "llm.warmupSeconds",
          "0",
          "llm.rampSeconds",
          "0",
          "llm.serverMetrics",
          "true");

  @AfterEach
  void clear() {
    PROPERTIES.keySet().forEach(System::clearProperty);
    System.clearProperty("llm.baseUrl");
    System.clearProperty("llm.probe");
  }

  /** Runs the ready concurrency sweep with the properties set; returns its {@code llm} folder. */
  private Path runSweep() throws Exception {
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
    return InProcessGatling.llmDir(results);
  }

  @Test
  void theServersCountersAndQueueAgreeWithItsGroundTruth() throws Exception {
    List<GroundTruthRecord> truth;
    Path llm;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).groundTruth(true).build().start()) {
      PROPERTIES.forEach(System::setProperty);
      System.setProperty("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      // the one-request check before the load would be one more request in the server's counts
      System.setProperty("llm.probe", "false");
      llm = runSweep();
      truth = simulator.groundTruth();
    }
    ObjectMapper json = new ObjectMapper();
    JsonNode summary = json.readTree(llm.resolve("summary.json").toFile());
    JsonNode server = summary.path("server_metrics");
    assertEquals("vLLM", server.path("engine").asText(), "the simulator speaks vLLM's names");
    // A scrape that takes more than 2 s fails and is counted: on a shared, loaded machine a few
    // may.
    assertTrue(server.path("scrapes").asLong() >= 3, "a scrape a second: " + server);
    assertTrue(
        server.path("failed_scrapes").asLong() * 4 <= server.path("scrapes").asLong(),
        server.toString());

    long generated = truth.stream().mapToLong(GroundTruthRecord::completionTokens).sum();
    long prompts = truth.stream().mapToLong(GroundTruthRecord::promptTokens).sum();
    assertEquals(1 + 24, truth.size());
    assertEquals(25L * 96, generated);
    // The last scrape comes after the last request: the counters hold every token the server
    // produced.
    JsonNode samples =
        json.readTree(llm.resolve("run.json").toFile()).path("server_metrics").path("samples");
    JsonNode last = samples.get(samples.size() - 1);
    assertEquals(
        generated,
        last.get(5).asLong(),
        "vllm:generation_tokens_total at the end = the truth's sum");
    assertEquals(
        prompts, last.get(6).asLong(), "vllm:prompt_tokens_total at the end = the truth's sum");
    assertEquals(0, last.get(1).asLong(), "nothing running after the run");
    for (JsonNode sample : samples) {
      assertTrue(
          sample.get(1).asInt() + sample.get(2).asInt() <= 6,
          "never more in the server than the top level's "
              + "6 streams (the warm-up runs alone): "
              + sample);
    }

    JsonNode levels = summary.path("levels");
    assertEquals(2, levels.size());
    for (JsonNode level : levels) {
      int concurrency = level.path("concurrency").asInt();
      JsonNode s = level.path("server");
      String name = "level of " + concurrency + ": " + s;
      assertTrue(s.path("scrapes").asInt() >= 1, name);
      assertTrue(s.path("peak_running_requests").asDouble() <= concurrency, name);
      assertTrue(s.path("mean_running_requests").asDouble() > 0, name);
      // The engine admits waiting requests between decode steps (TGI's rule): a few wait, never
      // more than the level has.
      assertTrue(s.path("peak_waiting_requests").asDouble() <= concurrency, name);
      assertTrue(
          s.path("peak_kv_cache_usage").asDouble() > 0
              && s.path("peak_kv_cache_usage").asDouble()
                  <= concurrency * (64.0 + 96) / 131_072 + 1e-9,
          name);
      assertEquals(0, s.path("preemptions").asDouble(), 0, name);
      // The server counts a token when it plans it, the client when it arrives, both over the same
      // window; the server's counter is read once a second and interpolated at the window's edges.
      double client = level.path("output_tokens_in_window").asDouble();
      assertEquals(client, s.path("generated_tokens").asDouble(), client * 0.25, name);
      assertTrue(
          s.path("ttft_count").asDouble() >= 1 && s.path("median_ttft_ms").asDouble() > 0, name);
    }
    String page = Files.readString(llm.resolve("index.html"));
    assertTrue(page.contains("id=\"chart-server\"") && page.contains("server running mean / peak"));
  }

  /**
   * Against the simulator's prefix cache, prompts sharing 48 of their 64 tokens: every prompt token
   * is looked up (the counter at the end is the ground truth's prompt tokens), and each level's
   * share of hits is the cache's saving, well above zero and below one (each prompt's own 16 tokens
   * and the first prompt's whole are misses).
   */
  @Test
  void eachLevelGivesTheServersPrefixCacheHitShare() throws Exception {
    List<GroundTruthRecord> truth;
    Path llm;
    try (LlmSimulator simulator =
        LlmSimulator.builder()
            .host("127.0.0.1")
            .port(0)
            .scheduler("chunked")
            .prefixCache(true)
            .groundTruth(true)
            .build()
            .start()) {
      PROPERTIES.forEach(System::setProperty);
      System.setProperty("llm.prefixTokens", "48");
      System.setProperty("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      System.setProperty("llm.probe", "false");
      llm = runSweep();
      truth = simulator.groundTruth();
    } finally {
      System.clearProperty("llm.prefixTokens");
    }
    ObjectMapper json = new ObjectMapper();
    JsonNode samples =
        json.readTree(llm.resolve("run.json").toFile()).path("server_metrics").path("samples");
    JsonNode last = samples.get(samples.size() - 1);
    long prompts = truth.stream().mapToLong(GroundTruthRecord::promptTokens).sum();
    assertEquals(prompts, last.get(8).asLong(), "vllm:prefix_cache_queries_total: every token");
    assertTrue(last.get(9).asLong() > 0 && last.get(9).asLong() < prompts, last.toString());
    for (JsonNode level : json.readTree(llm.resolve("summary.json").toFile()).path("levels")) {
      JsonNode s = level.path("server");
      double share = s.path("prefix_cache_hit_share").asDouble(Double.NaN);
      assertTrue(share > 0.3 && share < 1, "level " + level.path("label").asText() + ": " + s);
      assertEquals(
          s.path("prefix_cache_hits").asDouble() / s.path("prefix_cache_queries").asDouble(),
          share,
          1e-9);
    }
  }

  /**
   * A metrics page that never ends: each scrape is cut at 8 MiB on the scraper's own thread and
   * counted, and the run, its load and its report stay whole (unbounded, the page filled the heap
   * and the run never ended).
   */
  @Test
  void aMetricsPageThatNeverEndsLeavesTheRunAndItsReportWhole() throws Exception {
    Path llm;
    try (LlmSimulator simulator = LlmSimulator.builder().host("127.0.0.1").port(0).build().start();
        HostileMetricsPage page = new HostileMetricsPage(HostileMetricsPage.Page.ENDLESS)) {
      PROPERTIES.forEach(System::setProperty);
      System.setProperty("llm.serverMetrics", page.url());
      System.setProperty("llm.baseUrl", "http://127.0.0.1:" + simulator.port());
      System.setProperty("llm.probe", "false");
      llm = runSweep();
    }
    JsonNode summary = new ObjectMapper().readTree(llm.resolve("summary.json").toFile());
    assertEquals(24, summary.path("completed").asLong(), summary.toString());
    assertEquals(0, summary.path("failed").asLong());
    JsonNode server = summary.path("server_metrics");
    assertTrue(server.path("failed_scrapes").asLong() >= 1, server.toString());
    assertEquals(0, server.path("scrapes").asLong(), server.toString());
    assertEquals(
        "page larger than 8388608 bytes (8 MiB): reading stopped there and the connection closed",
        server.path("first_failure").asText());
  }
}
