package dev.gatlingllm.api.openai;

import static dev.gatlingllm.api.openai.SignalRecorder.interpretData;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gatlingllm.api.StreamInterpreter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Completions chunks: {@code choices[].text} is the output, the rest is handled like chat. */
class OpenAiCompletionsStreamTest {

  private static StreamInterpreter completions() {
    return new OpenAiCompletionsDialect().newInterpreter();
  }

  @Test
  void vllmCompletionStream() {
    String head =
        "{\"id\":\"cmpl-9b1\",\"object\":\"text_completion\",\"created\":1733000000,"
            + "\"model\":\"Qwen/Qwen2.5-7B\",";
    List<String> signals =
        interpretData(
            completions(),
            head
                + "\"choices\":[{\"index\":0,\"text\":\" Paris\",\"logprobs\":null,\"finish_reason\":null,"
                + "\"stop_reason\":null}],\"usage\":null}",
            head
                + "\"choices\":[{\"index\":0,\"text\":\".\",\"logprobs\":null,\"finish_reason\":\"stop\","
                + "\"stop_reason\":null}],\"usage\":null}",
            head
                + "\"choices\":[],\"usage\":{\"prompt_tokens\":6,\"total_tokens\":8,\"completion_tokens\":2}}",
            "[DONE]");
    assertEquals(
        List.of("CONTENT: Paris", "CONTENT:.", "finish:stop", "usage:6/2", "done"), signals);
  }

  @Test
  void openAiCompletionStream() {
    List<String> signals =
        interpretData(
            completions(),
            "{\"id\":\"cmpl-8x\",\"object\":\"text_completion\",\"created\":1733000000,\"choices\":[{\"text\":\"\\n\\n\","
                + "\"index\":0,\"logprobs\":null,\"finish_reason\":null}],\"model\":\"gpt-3.5-turbo-instruct\","
                + "\"system_fingerprint\":null}",
            "{\"id\":\"cmpl-8x\",\"object\":\"text_completion\",\"created\":1733000000,\"choices\":[{\"text\":\"\","
                + "\"index\":0,\"logprobs\":null,\"finish_reason\":\"length\"}],\"model\":\"gpt-3.5-turbo-instruct\"}",
            "[DONE]");
    assertEquals(List.of("CONTENT:\n\n", "finish:length", "done"), signals);
  }

  @Test
  void llamaCppCompletionWithTimings() {
    assertEquals(
        List.of("CONTENT: world", "finish:stop", "usage:4/9"),
        interpretData(
            completions(),
            "{\"choices\":[{\"text\":\" world\",\"index\":0,\"logprobs\":null,\"finish_reason\":\"stop\"}],"
                + "\"created\":1733000000,\"model\":\"m\",\"object\":\"text_completion\",\"id\":\"cmpl-1\","
                + "\"usage\":{\"completion_tokens\":9,\"prompt_tokens\":4,\"total_tokens\":13},"
                + "\"timings\":{\"prompt_n\":4,\"predicted_n\":9,\"predicted_per_second\":88.5}}"));
  }

  @Test
  void emptyOrNullTextIsNotOutput() {
    assertEquals(
        List.of(),
        interpretData(
            completions(),
            "{\"choices\":[{\"text\":\"\",\"index\":0}]}",
            "{\"choices\":[{\"text\":null,\"index\":0}]}"));
  }

  @Test
  void chatDeltaIsNotCompletionOutputAndTextIsNotChatOutput() {
    assertEquals(
        List.of(), interpretData(completions(), "{\"choices\":[{\"delta\":{\"content\":\"x\"}}]}"));
    assertEquals(
        List.of(),
        interpretData(
            new OpenAiChatDialect().newInterpreter(), "{\"choices\":[{\"text\":\"x\"}]}"));
  }

  @Test
  void errorsAndMalformedLikeChat() {
    assertEquals(
        List.of(
            "error:bad prompt", "malformed:invalid JSON in SSE event: {\"choices\":[{\"text\":\"a"),
        interpretData(
            completions(),
            "{\"error\":{\"message\":\"bad prompt\"}}",
            "{\"choices\":[{\"text\":\"a"));
  }

  @Test
  void unicodeAndEscapes() {
    assertEquals(
        List.of("CONTENT:naïve 🚀", "CONTENT:a\"b\\c\r\n"),
        interpretData(
            completions(),
            "{\"choices\":[{\"text\":\"naïve \\ud83d\\ude80\"}]}",
            "{\"choices\":[{\"text\":\"a\\\"b\\\\c\\r\\n\"}]}"));
  }
}
