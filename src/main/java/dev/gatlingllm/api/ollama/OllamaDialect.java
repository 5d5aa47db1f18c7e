package dev.gatlingllm.api.ollama;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.StreamInterpreter;
import dev.gatlingllm.api.openai.OpenAiErrors;
import dev.gatlingllm.framing.Framing;

/**
 * What Ollama's two native endpoints share: a newline-delimited JSON stream ({@code application/x-ndjson}), one
 * object per line, the last one with {@code "done": true} and the server's counts and durations; errors as
 * {@code {"error": "..."}}. Each dialect writes its own request body.
 */
abstract class OllamaDialect implements LlmDialect {
  private final String id;
  private final String defaultEndpoint;
  private final OllamaStreamInterpreter.Shape shape;

  OllamaDialect(String id, String defaultEndpoint, OllamaStreamInterpreter.Shape shape) {
    this.id = id;
    this.defaultEndpoint = defaultEndpoint;
    this.shape = shape;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String defaultEndpoint() {
    return defaultEndpoint;
  }

  @Override
  public final StreamInterpreter newInterpreter() {
    return new OllamaStreamInterpreter(shape);
  }

  /** Ollama's {@code {"error": "..."}}, or the body shortened (OpenAI's reader knows that shape too). */
  @Override
  public final String errorMessage(String responseBody) {
    return OpenAiErrors.message(responseBody);
  }

  @Override
  public final Framing framing() {
    return Framing.NDJSON;
  }

  @Override
  public final String endMarker() {
    return "a final object (\"done\": true)";
  }

  @Override
  public final String toString() {
    return id;
  }
}
