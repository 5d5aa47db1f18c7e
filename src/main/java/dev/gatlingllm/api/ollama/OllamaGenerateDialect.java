package dev.gatlingllm.api.ollama;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.ToolParts;

/**
 * Ollama's native completion endpoint ({@code /api/generate}): a {@code prompt} in; {@code
 * response} and {@code thinking} out, one JSON object per line. Stateless.
 */
public final class OllamaGenerateDialect extends OllamaDialect {
  public static final String ID = "ollama-generate";

  public OllamaGenerateDialect() {
    super(ID, "/api/generate", OllamaStreamInterpreter.Shape.GENERATE);
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return OllamaRequestBody.write(
        request, "prompt", JsonBodyWriter.InputWriter.PROMPT, ToolParts.NONE);
  }
}
