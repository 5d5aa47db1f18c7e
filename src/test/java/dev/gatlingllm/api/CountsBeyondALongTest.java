package dev.gatlingllm.api;

import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretNdjson;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.anthropic.AnthropicDialect;
import dev.gatlingllm.api.ollama.OllamaChatDialect;
import dev.gatlingllm.api.openai.OpenAiChatDialect;
import dev.gatlingllm.api.openai.OpenAiResponsesDialect;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A count beyond a long's range (2^63, -2^63 - 1) is valid JSON: every dialect that reads counts
 * reads it as the long nearest to it, a value no count can have, which the timeline then finds
 * implausible (ignored and flagged), instead of calling the event invalid JSON and failing a
 * complete stream.
 */
class CountsBeyondALongTest {
  private static final String TWO_TO_THE_63 = "9223372036854775808";
  private static final String BELOW_MIN = "-9223372036854775809";
  private static final long MAX = Long.MAX_VALUE;
  private static final long MIN = Long.MIN_VALUE;

  @Test
  void openAiChatUsage() {
    assertEquals(
        List.of("usage:" + MIN + "/" + MAX),
        interpretData(
            new OpenAiChatDialect().newInterpreter(),
            "{\"choices\":[],\"usage\":{\"prompt_tokens\":"
                + BELOW_MIN
                + ",\"completion_tokens\":"
                + TWO_TO_THE_63
                + ",\"total_tokens\":"
                + TWO_TO_THE_63
                + "1}}"));
    assertEquals(
        List.of("usage:-1/-1", "reasoning:" + MAX),
        interpretData(
            new OpenAiChatDialect().newInterpreter(),
            "{\"choices\":[],\"usage\":{\"completion_tokens_details\":{\"reasoning_tokens\":"
                + TWO_TO_THE_63
                + "}}}"));
  }

  @Test
  void openAiResponsesUsage() {
    assertEquals(
        List.of("finish:completed", "usage:7/" + MAX, "reasoning:" + MAX, "done"),
        interpretData(
            new OpenAiResponsesDialect().newInterpreter(),
            "{\"type\":\"response.completed\",\"response\":{\"status\":\"completed\",\"usage\":{\"input_tokens\":7,"
                + "\"output_tokens\":"
                + TWO_TO_THE_63
                + ",\"output_tokens_details\":{\"reasoning_tokens\":"
                + TWO_TO_THE_63
                + "}}}}"));
  }

  @Test
  void anthropicUsageAndItsSumOfInputCounts() {
    // The input is a sum of three counts: it must not wrap round to a small or negative number
    // either.
    assertEquals(
        List.of("finish:end_turn", "usage:" + MAX + "/" + MAX),
        interpretData(
            new AnthropicDialect().newInterpreter(),
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"input_tokens\":20,"
                + "\"cache_read_input_tokens\":"
                + TWO_TO_THE_63
                + ",\"cache_creation_input_tokens\":5,"
                + "\"output_tokens\":"
                + TWO_TO_THE_63
                + "}}"));
  }

  @Test
  void ollamaCounts() {
    assertEquals(
        List.of("finish:stop", "usage:26/" + MAX, "done"),
        interpretNdjson(
            new OllamaChatDialect().newInterpreter(),
            "{\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\","
                + "\"prompt_eval_count\":26,\"eval_count\":"
                + TWO_TO_THE_63
                + "}\n"));
  }
}
