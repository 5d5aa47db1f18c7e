package dev.gatlingllm.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A chat request offering tools is answered with a call of the first tool, its arguments whole JSON
 * of exactly the planned tokens; after the tool's result the model answers in text.
 */
@Timeout(30)
class SimulatorToolCallTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String OPENAI_TOOLS =
      "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"parameters\":"
          + "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}}},"
          + "{\"type\":\"function\",\"function\":{\"name\":\"other\"}}]";
  private static final String FAST = "ttft=5;itl=1";

  private static LlmSimulator started() {
    return LlmSimulator.builder().timing(FAST).build().start();
  }

  private static String openAi(String messages) {
    return "{\"messages\":["
        + messages
        + "],\"max_tokens\":14,\"ignore_eos\":true,\"stream\":true,"
        + "\"stream_options\":{\"include_usage\":true},"
        + OPENAI_TOOLS
        + "}";
  }

  @Test
  void openAiStreamsAToolCallOfThePlannedTokens() throws Exception {
    try (LlmSimulator sim = started()) {
      List<String> data =
          SseClient.post(
                  sim.baseUri(),
                  "/v1/chat/completions",
                  openAi("{\"role\":\"user\",\"content\":\"Weather in Paris?\"}"))
              .data();
      StringBuilder arguments = new StringBuilder();
      List<JsonNode> calls = new ArrayList<>();
      String finish = null;
      int completionTokens = -1;
      for (String event : data) {
        if (event.equals("[DONE]")) continue;
        JsonNode chunk = JSON.readTree(event);
        if (chunk.has("usage") && !chunk.get("usage").isNull()) {
          completionTokens = chunk.at("/usage/completion_tokens").asInt();
        }
        for (JsonNode choice : chunk.path("choices")) {
          assertFalse(
              choice.at("/delta/content").isTextual()
                  && !choice.at("/delta/content").asText().isEmpty());
          for (JsonNode call : choice.at("/delta/tool_calls")) {
            calls.add(call);
            arguments.append(call.at("/function/arguments").asText());
          }
          if (choice.hasNonNull("finish_reason")) finish = choice.get("finish_reason").asText();
        }
      }
      // 14 of the simulator's tokens: {"city":" (6), 6 words, "} (2), each streamed in its event.
      assertEquals(14, calls.size(), "one event per token");
      assertEquals("get_weather", calls.get(0).at("/function/name").asText());
      assertTrue(calls.get(0).get("id").asText().startsWith("call_"), calls.get(0).toString());
      assertFalse(calls.get(1).has("id"), "only the first piece opens the call");
      JsonNode args = JSON.readTree(arguments.toString());
      assertEquals(6, args.get("city").asText().trim().split(" ").length, arguments.toString());
      assertEquals("tool_calls", finish);
      assertEquals(14, completionTokens);
      assertEquals(
          14, SimpleTokenizer.count(arguments), "the usage counts what its tokenizer makes of it");
    }
  }

  /**
   * {"city":" and "} take 8 tokens: 8 leave no room for a word, and the model answers in its 8
   * words.
   */
  @Test
  void aLengthTooShortForTheWholeCallIsAnsweredInText() throws Exception {
    try (LlmSimulator sim = started()) {
      String body =
          openAi("{\"role\":\"user\",\"content\":\"Weather in Paris?\"}")
              .replace("\"max_tokens\":14", "\"max_tokens\":8");
      List<String> data = SseClient.post(sim.baseUri(), "/v1/chat/completions", body).data();
      String all = String.join("\n", data);
      assertFalse(all.contains("tool_calls\":["), all);
      assertTrue(all.contains("\"finish_reason\":\"length\""), all);
      JsonNode usage = JSON.readTree(data.get(data.size() - 2)).get("usage");
      assertEquals(8, usage.get("completion_tokens").asInt(), usage.toString());
    }
  }

  @Test
  void afterTheToolsResultTheModelAnswersInText() throws Exception {
    try (LlmSimulator sim = started()) {
      String history =
          "{\"role\":\"user\",\"content\":\"Weather in Paris?\"},"
              + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\","
              + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
              + "\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]},"
              + "{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"sunny\"}";
      List<String> data =
          SseClient.post(sim.baseUri(), "/v1/chat/completions", openAi(history)).data();
      String all = String.join("\n", data);
      assertFalse(all.contains("tool_calls\":["), all);
      assertTrue(all.contains("\"finish_reason\":\"length\""), all);
      JsonNode usage = JSON.readTree(data.get(data.size() - 2)).get("usage");
      // The history's tool call (name and arguments) and result are prompt tokens too.
      assertTrue(usage.get("prompt_tokens").asInt() > 5, usage.toString());
    }
  }

  @Test
  void anthropicStreamsAToolUseBlock() throws Exception {
    try (LlmSimulator sim = started()) {
      String body =
          "{\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}],\"max_tokens\":12,"
              + "\"ignore_eos\":true,\"stream\":true,\"tools\":[{\"name\":\"get_weather\","
              + "\"input_schema\":{\"type\":\"object\",\"properties\":{\"city\":{}}}}]}";
      List<String> data = SseClient.post(sim.baseUri(), "/v1/messages", body).data();
      StringBuilder partial = new StringBuilder();
      String name = null;
      String stop = null;
      for (String event : data) {
        JsonNode e = JSON.readTree(event);
        switch (e.get("type").asText()) {
          case "content_block_start" -> {
            assertEquals("tool_use", e.at("/content_block/type").asText());
            name = e.at("/content_block/name").asText();
          }
          case "content_block_delta" -> {
            assertEquals("input_json_delta", e.at("/delta/type").asText());
            partial.append(e.at("/delta/partial_json").asText());
          }
          case "message_delta" -> stop = e.at("/delta/stop_reason").asText();
          default -> {}
        }
      }
      assertEquals("get_weather", name);
      assertEquals(
          4, JSON.readTree(partial.toString()).get("city").asText().trim().split(" ").length);
      assertEquals("tool_use", stop);

      String after =
          "{\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},{\"role\":\"assistant\","
              + "\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"get_weather\","
              + "\"input\":{\"city\":\"Paris\"}}]},{\"role\":\"user\",\"content\":[{\"type\":"
              + "\"tool_result\",\"tool_use_id\":\"t1\",\"content\":\"sunny\"}]}],\"max_tokens\":4,"
              + "\"ignore_eos\":true,\"stream\":true,\"tools\":[{\"name\":\"get_weather\"}]}";
      String text = String.join("\n", SseClient.post(sim.baseUri(), "/v1/messages", after).data());
      assertTrue(text.contains("text_delta"), text);
      assertFalse(text.contains("tool_use\",\"id"), text);
    }
  }

  @Test
  void ollamaSendsTheWholeCallInItsLastLine() throws Exception {
    try (LlmSimulator sim = started()) {
      String body =
          "{\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}],"
              + "\"options\":{\"num_predict\":11},"
              + OPENAI_TOOLS
              + "}";
      List<SseClient.Line> lines = SseClient.post(sim.baseUri(), "/api/chat", body).lines();
      List<JsonNode> objects = new ArrayList<>();
      for (SseClient.Line line : lines) {
        if (!line.text().isBlank()) objects.add(JSON.readTree(line.text()));
      }
      // One line per token (the call waits for its last), then the final object.
      assertEquals(12, objects.size(), objects.toString());
      assertFalse(objects.get(9).at("/message").has("tool_calls"));
      JsonNode call = objects.get(10).at("/message/tool_calls/0/function");
      assertEquals("get_weather", call.get("name").asText());
      assertEquals(3, call.at("/arguments/city").asText().trim().split(" ").length);
      assertEquals(
          11, SimpleTokenizer.count(call.get("arguments").toString()), "as eval_count counts");
      assertEquals("stop", objects.get(11).get("done_reason").asText());
      assertEquals(
          11, objects.get(11).get("eval_count").asInt(), "the framing's 8 tokens, 3 words");
    }
  }
}
