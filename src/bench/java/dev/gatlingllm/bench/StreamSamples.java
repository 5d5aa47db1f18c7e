package dev.gatlingllm.bench;

import java.nio.charset.StandardCharsets;

/**
 * Realistic OpenAI chat streams for the benchmarks: what vLLM and OpenAI send, byte for byte in
 * shape.
 */
final class StreamSamples {
  private StreamSamples() {}

  static final String[] WORDS = {
    " the",
    " model",
    " answers",
    " quickly",
    ",",
    " and",
    " streams",
    " tokens",
    " one",
    " by",
    " one",
    "."
  };

  /** {@code events} one-token content events, as one server would send them. */
  static byte[] oneTokenEvents(int events) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < events; i++) {
      out.append(
              "data: {\"id\":\"chatcmpl-8f2a7c1e9b\",\"object\":\"chat.completion.chunk\",\"created\":1764500000,"
                  + "\"model\":\"meta-llama/Llama-3.1-8B-Instruct\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"")
          .append(WORDS[i % WORDS.length])
          .append("\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * {@code events} events of about {@code chars} characters of content each (several tokens per
   * event).
   */
  static byte[] longEvents(int events, int chars) {
    StringBuilder content = new StringBuilder();
    int i = 0;
    while (content.length() < chars) {
      content.append(WORDS[i++ % WORDS.length]);
    }
    StringBuilder out = new StringBuilder();
    for (int e = 0; e < events; e++) {
      out.append(
              "data: {\"id\":\"chatcmpl-8f2a7c1e9b\",\"object\":\"chat.completion.chunk\",\"created\":1764500000,"
                  + "\"model\":\"meta-llama/Llama-3.1-8B-Instruct\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"")
          .append(content)
          .append("\"},\"finish_reason\":null}]}\n\n");
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }
}
