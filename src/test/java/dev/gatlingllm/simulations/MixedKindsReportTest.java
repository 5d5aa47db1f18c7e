package dev.gatlingllm.simulations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.testing.RequestsCsvFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of chats, embeddings and agent sessions on two models, its report read kind by kind against
 * its own requests.csv, computed by hand: the generations' output lengths and count sources are
 * theirs alone (no embeddings' zeros among them), the embeddings' figures are theirs, both models
 * are named, and the SLO line says which SLO judged which kind.
 */
class MixedKindsReportTest {
  @TempDir Path results;

  @Test
  void eachKindReadsInItsOwnTerms() throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator server = LlmSimulator.builder().host("127.0.0.1").port(0).build().start()) {
      run =
          InProcessGatling.run(
              MixedKindsSimulation.class,
              results,
              Map.of("test.baseUrl", "http://127.0.0.1:" + server.port()));
    }
    assertEquals(0, run.exitCode(), run.tail());
    Path llm = InProcessGatling.llmDir(results);
    List<RequestRow> rows = RequestsCsvFile.rows(llm.resolve("requests.csv"));
    List<RequestRow> generations =
        rows.stream().filter(row -> row.tokens().inputs() == 0 && row.status().ok()).toList();
    List<RequestRow> pooled =
        rows.stream().filter(row -> row.tokens().inputs() > 0 && row.status().ok()).toList();
    // 2 users x 3 rounds x 2 chats, the sample's two sessions (3 + 2 turns, one a user); 2 x 3 x 2
    // embeddings.
    int chats = MixedKindsSimulation.CHAT_USERS * MixedKindsSimulation.ROUNDS * 2;
    assertEquals(chats + 5, generations.size(), "generations");
    assertEquals(MixedKindsSimulation.EMBED_USERS * MixedKindsSimulation.ROUNDS * 2, pooled.size());
    assertEquals(rows.size(), generations.size() + pooled.size(), "nothing failed");

    JsonNode summary = InProcessGatling.summary(results);
    long[] lengths =
        generations.stream().mapToLong(row -> row.tokens().outputTokens()).sorted().toArray();
    assertTrue(lengths[0] > 0, "every generation made output: " + lengths[0]);
    assertEquals(lengths[0], summary.path("min_output_len").asLong(), "no embeddings' zero");
    assertEquals(lengths[lengths.length - 1], summary.path("max_output_len").asLong());
    assertEquals(
        java.util.Arrays.stream(lengths).average().orElseThrow(),
        summary.path("mean_output_len").asDouble(),
        1e-9);
    long counted = 0;
    for (JsonNode source : summary.path("output_token_sources")) {
      counted += source.asLong();
    }
    assertEquals(generations.size(), counted, "count sources are the generations': " + summary);
    assertEquals(pooled.size(), summary.path("pooled_requests").asInt());
    assertEquals(
        pooled.stream().mapToLong(row -> row.tokens().inputs()).sum(),
        summary.path("inputs").asLong(),
        "the embeddings' inputs: 1 + 2 a round");
    assertEquals(
        generations.stream().mapToLong(row -> row.tokens().outputTokens()).sum(),
        summary.path("total_output_tokens").asLong());

    String model = summary.path("model_id").asText();
    assertTrue(
        model.contains("chat-model") && model.contains("embedding-model"),
        "every model the run addressed: " + model);
    String page = Files.readString(llm.resolve("index.html"));
    assertTrue(
        page.contains(
            "SLOs: generation requests: TTFT &lt;= 2000 ms, TPOT &lt;= 50 ms; embeddings and"
                + " rerank requests: none (only an E2EL SLO judges them)"),
        page.substring(page.indexOf("SLOs: "), page.indexOf("SLOs: ") + 160));
    assertTrue(page.contains("embedding-model"), "the page header names both models");
    String console = run.console();
    assertFalse(console.contains("Output tokens p50 / p90 / min / max: 0 /"), run.tail());
  }
}
