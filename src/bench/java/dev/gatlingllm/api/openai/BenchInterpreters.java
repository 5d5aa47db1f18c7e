package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.StreamInterpreter;

/** Lets the benchmarks build the chat interpreter with either parser source (the classes are package-private). */
public final class BenchInterpreters {
  private BenchInterpreters() {}

  /** {@code reused}: the production default, one non-blocking parser per thread; {@code perEvent}: the old way. */
  public static StreamInterpreter chat(String parsers) {
    return new OpenAiStreamInterpreter(OpenAiStreamInterpreter.Shape.CHAT, switch (parsers) {
      case "reused" -> ThreadAsyncParsers.INSTANCE;
      case "perEvent" -> PerEventParsers.INSTANCE;
      default -> throw new IllegalArgumentException("parsers: reused or perEvent, not " + parsers);
    });
  }
}
