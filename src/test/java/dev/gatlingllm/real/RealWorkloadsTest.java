package dev.gatlingllm.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.metrics.request.TokenCountSource;
import dev.gatlingllm.simulations.ConcurrencySweepSimulation;
import dev.gatlingllm.simulations.DatasetSimulation;
import dev.gatlingllm.simulations.TraceReplaySimulation;
import dev.gatlingllm.testing.InProcessGatling;
import dev.gatlingllm.tokenize.ServerTokenizer;
import dev.gatlingllm.tokenize.Tokenizers;
import dev.gatlingllm.values.Tokenizer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared-prefix, trace and ShareGPT workloads against a real llama.cpp server, their prompts
 * built with the server's own {@code /tokenize} or with the model's tokenizer.json: each request's
 * {@code usage.prompt_tokens}, less the chat template's tokens, is its planned input length
 * (skipped without the server, as {@link RealLlamaServerTest}).
 *
 * <p>The template's share is measured once, with a message that starts with a digit as every prompt
 * here does: SentencePiece puts a space before the first word of a text counted alone, while in the
 * template the message follows a new line; before a digit (a piece of its own) that is the same one
 * token whatever follows.
 */
class RealWorkloadsTest {
  private static final String HF = "hf:models/stories260K.tokenizer.json";

  @TempDir Path results;
  @TempDir Path data;

  @ParameterizedTest
  @ValueSource(strings = {"server", HF})
  void sharedPrefixPromptsHaveTheirPlannedLength(String tokenizer) throws Exception {
    try (LlamaServer server = RealLlamaServerTest.start(2)) {
      List<RequestRow> rows =
          run(
              server,
              tokenizer,
              ConcurrencySweepSimulation.class,
              Map.of(
                  "llm.levels",
                  "1,2",
                  "llm.requestsPerLevel",
                  "4",
                  "llm.inputTokens",
                  "64",
                  "llm.prefixTokens",
                  "24",
                  "llm.prefixGroups",
                  "2",
                  "llm.outputTokens",
                  "8"));
      assertEquals(8 + 2, rows.size(), "two warm-up requests, then 4 a level");
      int overhead = templateTokens(server);
      for (RequestRow row : rows) {
        assertEquals(
            64,
            promptTokens(row) - overhead,
            "usage.prompt_tokens less the template's " + overhead);
        assertTrue(row.tokens().tokenEvents() > 0, "llama.cpp streamed its output");
        assertEquals(
            row.tokens().tokenEvents(),
            row.tokens().answerEvents(),
            "a model without reasoning: every token event is answer text, the role-only first"
                + " chunk none");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"server", HF})
  void traceRequestsHaveTheirRecordedInputLength(String tokenizer) throws Exception {
    Path trace = data.resolve("trace.jsonl");
    // Blocks of 16 tokens: requests 1 and 2 share the block 1, 3 starts with 1 and 2.
    Files.writeString(
        trace,
        """
        {"timestamp": 0, "input_length": 40, "output_length": 6, "hash_ids": [1]}
        {"timestamp": 100, "input_length": 57, "output_length": 4, "hash_ids": [1]}
        {"timestamp": 150, "input_length": 90, "output_length": 5, "hash_ids": [1, 2]}
        {"timestamp": 300, "input_length": 33, "output_length": 7}
        {"timestamp": 320, "input_length": 120, "output_length": 3, "hash_ids": [7, 8, 9]}
        """);
    try (LlamaServer server = RealLlamaServerTest.start(2)) {
      List<RequestRow> rows =
          run(
              server,
              tokenizer,
              TraceReplaySimulation.class,
              Map.of("llm.trace", trace.toString(), "llm.trace.blockTokens", "16"));
      int overhead = templateTokens(server);
      assertEquals(
          List.of(33, 40, 57, 90, 120),
          rows.stream().map(row -> promptTokens(row) - overhead).sorted().toList());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"server", HF})
  void shareGptPromptsCountAsTheTokenizerCountedThem(String tokenizer) throws Exception {
    List<String> questions =
        List.of(
            "3 little cats played in the garden. What did they find?",
            "1 dog, 2 birds and a big tree: tell me a story.",
            "7 days of sun made Lily very happy. Why?");
    StringBuilder json = new StringBuilder("[");
    for (String question : questions) {
      json.append(json.length() > 1 ? "," : "")
          .append("{\"conversations\": [{\"from\": \"human\", \"value\": ")
          .append(new ObjectMapper().writeValueAsString(question))
          .append("}, {\"from\": \"gpt\", \"value\": \"Once upon a time.\"}]}");
    }
    Path shareGpt = Files.writeString(data.resolve("sharegpt.json"), json.append("]"));
    try (LlamaServer server = RealLlamaServerTest.start(1)) {
      List<RequestRow> rows =
          run(
              server,
              tokenizer,
              DatasetSimulation.class,
              Map.of(
                  "llm.dataset",
                  shareGpt.toString(),
                  "llm.dataset.answerLength",
                  "true",
                  "llm.levels",
                  "1",
                  "llm.requestsPerLevel",
                  "3",
                  "llm.warmupRequests",
                  "0"));
      int overhead = templateTokens(server);
      Tokenizer counting = Tokenizers.byName(tokenizer, server.baseUrl(), null);
      assertEquals(
          questions.stream().map(counting::count).sorted().toList(),
          rows.stream().map(row -> promptTokens(row) - overhead).sorted().toList());
      long answerTokens = counting.count("Once upon a time.");
      for (RequestRow row : rows) {
        assertEquals(
            answerTokens, row.tokens().maxTokens(), "the recorded answer's length as the limit");
      }
    }
  }

  private List<RequestRow> run(
      LlamaServer server, String tokenizer, Class<?> simulation, Map<String, String> properties)
      throws Exception {
    Map<String, String> all = new HashMap<>(properties);
    all.putAll(
        Map.of(
            "llm.baseUrl",
            server.baseUrl(),
            "llm.model",
            "stories260K",
            "llm.tokenizer",
            tokenizer,
            "llm.warmupSeconds",
            "0"));
    InProcessGatling.Run run = InProcessGatling.run(simulation, results, all);
    assertEquals(0, run.exitCode(), run.tail());
    return InProcessGatling.requests(results);
  }

  private static int promptTokens(RequestRow row) {
    assertEquals(
        TokenCountSource.SERVER_USAGE,
        row.tokens().inputTokenSource(),
        "the server's usage.prompt_tokens");
    return (int) row.tokens().inputTokens();
  }

  /**
   * The chat template's tokens: usage.prompt_tokens for the message "1", less the tokens of "1"
   * alone.
   */
  private static int templateTokens(LlamaServer server) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v1/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"messages\": [{\"role\": \"user\", \"content\": \"1\"}], \"max_tokens\": 1}"))
            .build();
    HttpResponse<String> response =
        HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    JsonNode usage = new ObjectMapper().readTree(response.body()).path("usage");
    return usage.path("prompt_tokens").asInt()
        - new ServerTokenizer(server.baseUrl(), null).count("1");
  }
}
