package dev.gatlingllm.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.simulator.LlmSimulator;
import dev.gatlingllm.simulator.SimpleTokenizer;
import dev.gatlingllm.testing.InProcessGatling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embeddings and rerank requests end to end: against the simulator, the figures by hand (an
 * embedding batch of 8 counts 8 inputs; inputs/s and input tok/s are the rows' sums over the
 * window); against a scripted server, the body of each form byte for byte and the answers that are
 * KO (too few embeddings, a result outside the documents).
 */
class EmbeddingsEndToEndTest {

  private static long tokens(List<String> texts) {
    return texts.stream().mapToLong(SimpleTokenizer::count).sum();
  }

  @Test
  void aBatchOfEightCountsEightInputsAndTheRatesAreTheRowsOverTheWindow(@TempDir Path results)
      throws Exception {
    InProcessGatling.Run run;
    try (LlmSimulator simulator =
        LlmSimulator.builder().host("127.0.0.1").port(0).build().start()) {
      run =
          InProcessGatling.run(
              EmbeddingsSimulation.class,
              results,
              Map.of("test.baseUrl", "http://127.0.0.1:" + simulator.port()));
      assertEquals(0, run.exitCode(), run.tail());
    }
    List<RequestRow> rows = InProcessGatling.requests(results);
    assertEquals(30, rows.size(), "2 users x 5 x 3 requests");
    Map<String, List<RequestRow>> byName =
        rows.stream().collect(Collectors.groupingBy(row -> row.placement().requestName()));

    long embedTokens = tokens(EmbeddingsSimulation.TEXTS);
    for (RequestRow row : byName.get("embed8")) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(8, row.tokens().inputs(), "a batch of 8 texts counts 8 inputs");
      assertEquals(embedTokens, row.tokens().inputTokens(), "the server's usage.prompt_tokens");
      assertEquals(TokenCountSource.SERVER_USAGE, row.tokens().inputTokenSource());
      assertEquals(0, row.tokens().outputTokens());
      assertEquals(-1, row.latency().ttftMicros(), "no first token in a whole answer");
      assertEquals(-1, row.latency().tpotMicros());
      assertTrue(row.latency().e2elMicros() >= 3_000, "at least one batch's fixed 3 ms");
    }
    for (RequestRow row : byName.get("batch4")) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(4, row.tokens().inputs(), "batchSize(4) sends the text 4 times");
      assertEquals(4L * SimpleTokenizer.count("drawn text"), row.tokens().inputTokens());
    }
    long rerankTokens =
        EmbeddingsSimulation.DOCUMENTS.size() * SimpleTokenizer.count(EmbeddingsSimulation.QUERY)
            + tokens(EmbeddingsSimulation.DOCUMENTS);
    for (RequestRow row : byName.get("rerank5")) {
      assertTrue(row.status().ok(), row.status().error());
      assertEquals(5, row.tokens().inputs(), "the documents reranked");
      assertEquals(rerankTokens, row.tokens().inputTokens(), "the query once per document");
      assertEquals(-1, row.latency().ttftMicros());
      assertTrue(row.latency().e2elMicros() > 0);
    }

    JsonNode summary = InProcessGatling.summary(results);
    List<RequestRow> counted =
        rows.stream().filter(row -> row.placement().inWindow() && row.status().ok()).toList();
    long inputs = counted.stream().mapToLong(row -> row.tokens().inputs()).sum();
    long inputTokens = counted.stream().mapToLong(row -> row.tokens().inputTokens()).sum();
    double window = summary.path("duration").asDouble();
    assertTrue(window > 0, summary.toString());
    assertEquals(counted.size(), summary.path("pooled_requests").asLong());
    assertEquals(inputs, summary.path("inputs").asLong());
    assertEquals(inputTokens, summary.path("pooled_input_tokens").asLong());
    assertEquals(inputs / window, summary.path("inputs_per_second").asDouble(), 1e-6 * inputs);
    assertEquals(
        inputTokens / window,
        summary.path("input_tokens_per_second").asDouble(),
        1e-6 * inputTokens);
    assertTrue(
        run.console()
            .contains(
                String.format(
                    java.util.Locale.ROOT, "%-40s%20d", "Inputs (texts or documents):", inputs)),
        "the console's inputs: " + run.tail());
    assertTrue(
        Files.readString(InProcessGatling.llmDir(results).resolve("index.html"))
            .contains("<th>inputs/s</th><th>input tok/s</th>"),
        "the page's levels table has the inputs columns");
    assertTrue(
        List.of(
                Files.readAllLines(InProcessGatling.llmDir(results).resolve("requests.csv"))
                    .get(0)
                    .split(","))
            .contains("inputs"),
        "requests.csv names the column");
  }

  @Test
  void eachFormIsWrittenExactlyAndAWrongAnswerIsKoWithItsMessage(@TempDir Path results)
      throws Exception {
    WireMockServer server =
        new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
    server.start();
    try {
      stub(server, "/single", embeddings(1));
      stub(server, "/short", embeddings(7));
      stub(
          server,
          "/rerank",
          "{\"results\":[{\"index\":1,\"relevance_score\":0.9}],\"usage\":{\"total_tokens\":6}}");
      stub(server, "/bad-index", "{\"results\":[{\"index\":3,\"relevance_score\":0.9}]}");
      InProcessGatling.Run run =
          InProcessGatling.run(
              EmbeddingsWireSimulation.class, results, Map.of("test.baseUrl", server.baseUrl()));
      assertEquals(0, run.exitCode(), run.tail());
      assertEquals(
          "{\"model\":\"m-11\",\"input\":\"hello world\",\"dimensions\":8,\"encoding_format\":\"float\","
              + "\"user\":\"hello world\"}",
          body(server, "/single"),
          "the model from a function of the session, a body field's EL resolved");
      assertEquals("t-hello world", header(server, "/single", "x-tenant"));
      assertEquals("t-hello world", header(server, "/rerank", "x-tenant"), "rerank has header(..)");
      assertEquals(
          "{\"model\":\"m\",\"input\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\"]}",
          body(server, "/short"));
      assertEquals(
          "{\"model\":\"m\",\"query\":\"q\",\"documents\":[\"d1\",\"d2\"],\"top_n\":1,"
              + "\"return_documents\":false}",
          body(server, "/rerank"));
    } finally {
      server.stop();
    }
    Map<String, RequestRow> rows =
        InProcessGatling.requests(results).stream()
            .collect(Collectors.toMap(row -> row.placement().requestName(), Function.identity()));
    RequestRow single = rows.get("single");
    assertTrue(single.status().ok(), single.status().error());
    assertEquals(1, single.tokens().inputs());
    assertEquals(2, single.tokens().inputTokens(), "usage.prompt_tokens");

    RequestRow shortAnswer = rows.get("short");
    assertFalse(shortAnswer.status().ok());
    assertEquals("embeddings answer has 7 embeddings for 8 inputs", shortAnswer.status().error());

    RequestRow rerank = rows.get("rerank");
    assertTrue(rerank.status().ok(), rerank.status().error());
    assertEquals(2, rerank.tokens().inputs());
    assertEquals(6, rerank.tokens().inputTokens(), "total_tokens when no prompt_tokens");

    RequestRow checked = rows.get("checked");
    assertFalse(checked.status().ok(), "a rerank's answer check judged, as a chat's");
    assertEquals("check failed: judged with 6 input tokens", checked.status().error());

    RequestRow badIndex = rows.get("badIndex");
    assertFalse(badIndex.status().ok());
    assertEquals(
        "rerank answer results[0] has no index among the 1 documents", badIndex.status().error());
  }

  private static String embeddings(int count) {
    StringBuilder data = new StringBuilder();
    for (int i = 0; i < count; i++) {
      data.append(i == 0 ? "" : ",")
          .append("{\"object\":\"embedding\",\"index\":")
          .append(i)
          .append(",\"embedding\":[0.1,-0.2,0.3]}");
    }
    return "{\"object\":\"list\",\"data\":["
        + data
        + "],\"model\":\"m\",\"usage\":{\"prompt_tokens\":2,\"total_tokens\":2}}";
  }

  private static void stub(WireMockServer server, String path, String body) {
    server.stubFor(
        WireMock.post(path)
            .willReturn(
                WireMock.aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(body)));
  }

  private static String header(WireMockServer server, String path, String name) {
    return server
        .findAll(WireMock.postRequestedFor(WireMock.urlEqualTo(path)))
        .get(0)
        .getHeader(name);
  }

  private static String body(WireMockServer server, String path) {
    return server
        .findAll(WireMock.postRequestedFor(WireMock.urlEqualTo(path)))
        .get(0)
        .getBodyAsString();
  }
}
