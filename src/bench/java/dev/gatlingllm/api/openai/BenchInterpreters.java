package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.StreamInterpreter;

/** Lets the benchmarks build the chat interpreter either way (the classes are package-private). */
public final class BenchInterpreters {
  private BenchInterpreters() {}

  /**
   * {@code cursor}: the plugin's way ({@code Utf8JsonCursor}, Jackson for what it leaves); {@code
   * jackson}: Jackson alone.
   */
  public static StreamInterpreter chat(String json) {
    return new OpenAiStreamInterpreter(
        OpenAiStreamInterpreter.Shape.CHAT,
        switch (json) {
          case "cursor" -> true;
          case "jackson" -> false;
          default -> throw new IllegalArgumentException("json: cursor or jackson, not " + json);
        });
  }
}
