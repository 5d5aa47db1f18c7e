package dev.gatlingllm.api.ollama;

import dev.gatlingllm.api.AbstractDialect;
import dev.gatlingllm.api.openai.OpenAiErrors;
import dev.gatlingllm.framing.Framing;

/**
 * What Ollama's two native endpoints share: a newline-delimited JSON stream ({@code
 * application/x-ndjson}), one object per line, the last one with {@code "done": true} and the
 * server's counts and durations; errors as {@code {"error": "..."}}. Each dialect writes its own
 * request body.
 */
abstract class OllamaDialect extends AbstractDialect {
  OllamaDialect(String id, String defaultEndpoint, OllamaStreamInterpreter.Shape shape) {
    super(id, defaultEndpoint, () -> new OllamaStreamInterpreter(shape));
  }

  /**
   * Ollama's {@code {"error": "..."}}, or the body shortened (OpenAI's reader knows that shape
   * too).
   */
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
}
