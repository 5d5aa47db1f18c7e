package dev.gatlingllm.api.openai;

import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static dev.gatlingllm.api.openai.SignalRecorder.interpretSse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.sse.SseDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Chat chunks in the shapes OpenAI, vLLM and llama.cpp really send. */
class OpenAiChatStreamTest {
  private static final String OPENAI_HEAD =
      "{\"id\":\"chatcmpl-AbC123\",\"object\":\"chat.completion.chunk\",\"created\":1733000000,"
          + "\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_0ba0d124f1\",";

  private static StreamInterpreter chat() {
    return new OpenAiChatDialect().newInterpreter();
  }

  private static String openAiChunk(String delta, String finishReason) {
    return OPENAI_HEAD
        + "\"choices\":[{\"index\":0,\"delta\":"
        + delta
        + ",\"logprobs\":null,\"finish_reason\":"
        + (finishReason == null ? "null" : "\"" + finishReason + "\"")
        + "}],\"usage\":null}";
  }

  @Test
  void openAiStreamWithUsage() {
    List<String> signals =
        interpretData(
            chat(),
            openAiChunk("{\"role\":\"assistant\",\"content\":\"\",\"refusal\":null}", null),
            openAiChunk("{\"content\":\"Hello\"}", null),
            openAiChunk("{\"content\":\" there!\"}", null),
            openAiChunk("{}", "stop"),
            OPENAI_HEAD
                + "\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":3,\"total_tokens\":15,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":0,\"audio_tokens\":0},"
                + "\"completion_tokens_details\":{\"reasoning_tokens\":0,\"audio_tokens\":0,"
                + "\"accepted_prediction_tokens\":0,\"rejected_prediction_tokens\":0}}}",
            "[DONE]");
    assertEquals(
        List.of(
            "CONTENT:Hello", "CONTENT: there!", "finish:stop", "usage:12/3", "reasoning:0", "done"),
        signals);
  }

  /** The fast cursor leaves these to Jackson, which reads them as the JSON they are. */
  @Test
  void chunksOutsideTheFastCursorsSubsetReadTheSame() {
    List<String> signals =
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"con\\u0074ent\":\"escaped name\"}}]}",
            "{\"choices\":[{\"delta\":{\"content\":\"deep\"},\"x\":"
                + "[".repeat(70)
                + "]".repeat(70)
                + "}]}",
            "{\"choices\":[],\"usage\":{\"prompt_tokens\":1234567890123456789,\"completion_tokens\":3}}",
            "{\"choices\":[],\"usage\":{\"prompt_tokens\":12345678901234567890,\"completion_tokens\":3}}");
    // Beyond a long: valid JSON, read as the nearest long, a count the timeline then finds
    // implausible.
    assertEquals(
        List.of(
            "CONTENT:escaped name",
            "CONTENT:deep",
            "usage:1234567890123456789/3",
            "usage:" + Long.MAX_VALUE + "/3"),
        signals);
  }

  @Test
  void vllmStreamWithUsageInAChunkWithoutChoices() {
    String head =
        "{\"id\":\"chatcmpl-7f3c9e\",\"object\":\"chat.completion.chunk\",\"created\":1733000000,"
            + "\"model\":\"meta-llama/Llama-3.1-8B-Instruct\",";
    List<String> signals =
        interpretData(
            chat(),
            head
                + "\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
                + "\"finish_reason\":null}]}",
            head
                + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Paris\"},\"logprobs\":null,\"finish_reason\":null}]}",
            head
                + "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},\"logprobs\":null,\"finish_reason\":\"length\","
                + "\"stop_reason\":null}]}",
            head
                + "\"choices\":[],\"usage\":{\"prompt_tokens\":8,\"total_tokens\":18,\"completion_tokens\":10}}",
            "[DONE]");
    assertEquals(List.of("CONTENT:Paris", "finish:length", "usage:8/10", "done"), signals);
  }

  @Test
  void llamaCppNullContentRoleDeltaAndTimingsInTheLastChunk() {
    String tail =
        ",\"created\":1733000000,\"id\":\"chatcmpl-xyz\",\"model\":\"gpt-3.5-turbo\","
            + "\"system_fingerprint\":\"b4200-1234abcd\",\"object\":\"chat.completion.chunk\"";
    List<String> signals =
        interpretData(
            chat(),
            "{\"choices\":[{\"finish_reason\":null,\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]"
                + tail
                + "}",
            "{\"choices\":[{\"finish_reason\":null,\"index\":0,\"delta\":{\"content\":\"Hi\"}}]"
                + tail
                + "}",
            "{\"choices\":[{\"finish_reason\":\"stop\",\"index\":0,\"delta\":{}}]"
                + tail
                + ",\"usage\":{\"completion_tokens\":5,\"prompt_tokens\":10,\"total_tokens\":15},"
                + "\"timings\":{\"prompt_n\":10,\"prompt_ms\":12.3,\"prompt_per_token_ms\":1.23,\"prompt_per_second\":813.0,"
                + "\"predicted_n\":5,\"predicted_ms\":40.08,\"predicted_per_token_ms\":10.02,\"predicted_per_second\":99.8}}",
            "[DONE]");
    // The server's decode time: its 5 tokens at its own 10.02 ms a step (predicted_ms spans the 4
    // steps after the first token, which came from the prefill); its prompt time, prompt_ms.
    assertEquals(
        List.of(
            "CONTENT:Hi",
            "finish:stop",
            "usage:10/5",
            "decode:50100000",
            "prefill:12300000",
            "done"),
        signals);
  }

  @Test
  void timingsWithoutAPerTokenFigureOrWithOddValuesGiveNoServerTime() {
    assertEquals(
        List.of("CONTENT:a"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"timings\":{\"predicted_n\":5,\"predicted_ms\":40.0}}"));
    assertEquals(
        List.of("CONTENT:a"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],"
                + "\"timings\":{\"predicted_n\":\"5\",\"predicted_per_token_ms\":\"x\"}}"));
    assertEquals(
        List.of("CONTENT:a"),
        interpretData(chat(), "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"timings\":null}"));
    assertEquals(
        List.of("CONTENT:a", "decode:0"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],"
                + "\"timings\":{\"predicted_n\":1,\"predicted_per_token_ms\":0.0,\"predicted_ms\":0.001}}"));
    assertEquals(
        List.of("CONTENT:a"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"timings\":{\"prompt_ms\":-1.5}}"));
    assertEquals(
        List.of("CONTENT:a"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"timings\":{\"prompt_ms\":\"7\"}}"));
    assertEquals(
        List.of("CONTENT:a", "prefill:7000000"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"timings\":{\"prompt_ms\":7}}"));
  }

  @Test
  void roleOnlyDeltasProduceNothing() {
    assertEquals(
        List.of(),
        interpretData(
            chat(),
            "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}",
            "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}",
            "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}",
            "{\"choices\":[{\"index\":0,\"delta\":{}}]}",
            "{\"choices\":[]}",
            "{}"));
  }

  @Test
  void contentInTheSameChunkAsTheRoleCounts() {
    assertEquals(
        List.of("CONTENT:Hi"),
        interpretData(
            chat(),
            "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Hi\"}}]}"));
  }

  @Test
  void whitespaceContentIsOutput() {
    // A newline or space is a generated token like any other.
    assertEquals(
        List.of("CONTENT:\n\n", "CONTENT: "),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"\\n\\n\"}}]}",
            "{\"choices\":[{\"delta\":{\"content\":\" \"}}]}"));
  }

  @Test
  void reasoningContentAndReasoning() {
    assertEquals(
        List.of("REASONING:Let me think", "REASONING: about it", "CONTENT:42"),
        interpretData(
            chat(),
            "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"Let me think\"}}]}",
            "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning\":\" about it\"}}]}",
            "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":null,\"content\":\"42\"}}]}"));
  }

  @Test
  void reasoningUnderBothNamesCountsOnce() {
    assertEquals(
        List.of("REASONING:hmm"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"reasoning\":\"hmm\",\"reasoning_content\":\"hmm\"}}]}"));
    assertEquals(
        List.of("REASONING:hmm"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"reasoning_content\":\"\",\"reasoning\":\"hmm\"}}]}"));
  }

  @Test
  void emptyReasoningProducesNothing() {
    assertEquals(
        List.of(),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\",\"reasoning_content\":\"\"}}]}"));
  }

  @Test
  void reasoningAndContentInOneDelta() {
    assertEquals(
        List.of("REASONING:r", "CONTENT:c"),
        interpretData(
            chat(), "{\"choices\":[{\"delta\":{\"reasoning_content\":\"r\",\"content\":\"c\"}}]}"));
  }

  @Test
  void toolCallFragments() {
    String head =
        "{\"id\":\"chatcmpl-T\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":";
    List<String> signals =
        interpretData(
            chat(),
            head
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"index\":0,\"id\":\"call_abc\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}],\"refusal\":null},"
                + "\"logprobs\":null,\"finish_reason\":null}]}",
            head
                + "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"loc\"}}]},\"finish_reason\":null}]}",
            head
                + "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"ation\\\":\\\"Paris\\\"}\"}}]},"
                + "\"finish_reason\":null}]}",
            head + "{},\"logprobs\":null,\"finish_reason\":\"tool_calls\"}]}",
            "[DONE]");
    assertEquals(
        List.of(
            "TOOL_CALL_NAME:get_weather",
            "TOOL_CALL:{\"loc",
            "TOOL_CALL:ation\":\"Paris\"}",
            "finish:tool_calls",
            "done"),
        signals);
  }

  @Test
  void parallelToolCallsInOneDelta() {
    assertEquals(
        List.of("TOOL_CALL_NAME:a", "TOOL_CALL:{}", "TOOL_CALL_NAME:b"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":\"a\",\"arguments\":\"{}\"}},"
                + "{\"index\":1,\"id\":\"call_2\",\"type\":\"function\",\"function\":{\"name\":\"b\"}}]}}]}"));
  }

  @Test
  void toolCallWithoutFunctionFragmentsProducesNothing() {
    assertEquals(
        List.of(),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\"}]}}]}",
            "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":null,\"arguments\":\"\"}}]}}]}",
            "{\"choices\":[{\"delta\":{\"tool_calls\":[]}}]}",
            "{\"choices\":[{\"delta\":{\"tool_calls\":null}}]}"));
  }

  @Test
  void usageTogetherWithTheLastChoice() {
    assertEquals(
        List.of("CONTENT:.", "finish:stop", "usage:7/21"),
        interpretData(
            chat(),
            "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\".\"},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":21,\"total_tokens\":28}}"));
  }

  @Test
  void usageBeforeChoicesKeepsJsonOrderForOutputsButUsageComesLast() {
    assertEquals(
        List.of("CONTENT:x", "usage:1/2"),
        interpretData(
            chat(),
            "{\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2},\"choices\":[{\"delta\":{\"content\":\"x\"}}]}"));
  }

  @Test
  void usageWithMissingCounts() {
    assertEquals(
        List.of("usage:-1/4", "usage:5/-1", "usage:-1/-1"),
        interpretData(
            chat(),
            "{\"choices\":[],\"usage\":{\"completion_tokens\":4}}",
            "{\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":null}}",
            "{\"choices\":[],\"usage\":{}}"));
  }

  @Test
  void nullUsageIsNotUsage() {
    assertEquals(List.of(), interpretData(chat(), "{\"choices\":[],\"usage\":null}"));
  }

  @Test
  void finishReasons() {
    assertEquals(
        List.of("finish:stop", "finish:length", "finish:content_filter", "finish:eos_token"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}",
            "{\"choices\":[{\"delta\":{},\"finish_reason\":\"length\"}]}",
            "{\"choices\":[{\"delta\":{},\"finish_reason\":\"content_filter\"}]}",
            "{\"choices\":[{\"delta\":{},\"finish_reason\":\"eos_token\"}]}",
            "{\"choices\":[{\"delta\":{},\"finish_reason\":null}]}",
            "{\"choices\":[{\"delta\":{},\"finish_reason\":\"\"}]}"));
  }

  @Test
  void severalChoicesKeepTheirOrder() {
    assertEquals(
        List.of("CONTENT:a", "CONTENT:b", "finish:stop"),
        interpretData(
            chat(),
            "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}},"
                + "{\"index\":1,\"delta\":{\"content\":\"b\"},\"finish_reason\":\"stop\"}]}"));
  }

  @Test
  void manySignalsInOneEventGrowThePendingList() {
    StringBuilder json = new StringBuilder("{\"choices\":[");
    for (int i = 0; i < 20; i++) {
      json.append(i == 0 ? "" : ",")
          .append("{\"index\":")
          .append(i)
          .append(",\"delta\":{\"content\":\"c")
          .append(i)
          .append("\"},\"finish_reason\":\"stop\"}");
    }
    List<String> signals = interpretData(chat(), json.append("]}").toString());
    assertEquals(40, signals.size());
    assertEquals("CONTENT:c19", signals.get(38));
  }

  @Test
  void unknownFieldsAndNestedStructuresAreSkipped() {
    assertEquals(
        List.of("CONTENT:ok"),
        interpretData(
            chat(),
            "{\"x\":{\"choices\":[{\"delta\":{\"content\":\"no\"}}]},\"y\":[[1,{\"a\":[]}],\"s\"],"
                + "\"choices\":[{\"index\":0,\"logprobs\":{\"content\":[{\"token\":\"ok\",\"logprob\":-0.1,\"bytes\":[111,107],"
                + "\"top_logprobs\":[]}]},\"delta\":{\"content\":\"ok\",\"extra\":{\"content\":\"no\"},\"function_call\":null}}],"
                + "\"z\":true,\"n\":1.5e3,\"model\":null}"));
  }

  @Test
  void unicodeAndEscapedContent() {
    assertEquals(
        List.of(
            "CONTENT:日本語 ", "CONTENT:😀👩‍💻", "CONTENT:é€𝄞", "CONTENT:say \"hi\"\n\tand \\ /"),
        interpretData(
            chat(),
            "{\"choices\":[{\"delta\":{\"content\":\"日本語 \"}}]}",
            "{\"choices\":[{\"delta\":{\"content\":\"\\ud83d\\ude00\\ud83d\\udc69\\u200d\\ud83d\\udcbb\"}}]}",
            "{\"choices\":[{\"delta\":{\"content\":\"é\\u20ac𝄞\"}}]}",
            "{\"choices\":[{\"delta\":{\"content\":\"say \\\"hi\\\"\\n\\tand \\\\ \\/\"}}]}"));
  }

  @Test
  void doneTolerantOfWhitespaceButNotOfOtherText() {
    List<String> signals =
        interpretSse(chat(), "data: [DONE]\n\ndata:[DONE]\n\ndata: [DONE] \n\ndata: [DONE]x\n\n");
    assertEquals(List.of("done", "done", "done"), signals.subList(0, 3));
    assertTrue(signals.get(3).startsWith("malformed:"), signals.toString());
  }

  @Test
  void jsonSpreadOverSeveralDataLinesIsOneObject() {
    // The decoder joins the lines with LF, which is JSON whitespace.
    assertEquals(
        List.of("CONTENT:multi"),
        interpretSse(
            chat(), "data: {\"choices\":\ndata: [{\"delta\":{\"content\":\"multi\"}}]}\n\n"));
  }

  @Test
  void sameSignalsWhateverTheNetworkChunking() {
    String sse =
        "data: "
            + openAiChunk("{\"role\":\"assistant\",\"content\":\"\"}", null)
            + "\n\n"
            + "data: "
            + openAiChunk("{\"reasoning_content\":\"Hmm… \"}", null)
            + "\r\n\r\n"
            + ": keep-alive\n\n"
            + "data: "
            + openAiChunk("{\"content\":\"Grüße 😀\"}", "stop")
            + "\n\n"
            + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4}}\n\n"
            + "data: [DONE]\n\n";
    List<String> expected =
        List.of("REASONING:Hmm… ", "CONTENT:Grüße 😀", "finish:stop", "usage:3/4", "done");
    byte[] bytes = sse.getBytes(StandardCharsets.UTF_8);
    for (int split = 0; split <= bytes.length; split++) {
      StreamInterpreter interpreter = chat();
      SignalRecorder recorder = new SignalRecorder();
      SseDecoder decoder = new SseDecoder(e -> interpreter.onFrame(e, recorder));
      decoder.feed(bytes, 0, split);
      decoder.feed(bytes, split, bytes.length - split);
      assertEquals(expected, recorder.signals, "split at " + split);
    }
  }

  @Test
  void emptyDataIsIgnored() {
    assertEquals(List.of(), interpretSse(chat(), "data:\n\ndata:  \n\n"));
  }

  @Test
  void interpreterIsReusableAcrossEvents() {
    // The pending state of one event must not leak into the next (usage, errors, outputs).
    assertEquals(
        List.of("usage:1/2", "error:boom", "CONTENT:x"),
        interpretData(
            chat(),
            "{\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}",
            "{\"error\":{\"message\":\"boom\"}}",
            "{\"choices\":[{\"delta\":{\"content\":\"x\"}}]}"));
  }
}
