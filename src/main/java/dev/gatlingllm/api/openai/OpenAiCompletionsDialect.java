package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.ToolParts;

/**
 * The legacy OpenAI Completions API ({@code /v1/completions}): a raw {@code prompt} in, {@code
 * choices[].text} out. Still the way to benchmark an exact prompt without a chat template (vLLM,
 * SGLang, llama.cpp).
 */
public final class OpenAiCompletionsDialect extends OpenAiDialect {
  public static final String ID = "openai-completions";

  public OpenAiCompletionsDialect() {
    super(ID, "/v1/completions", OpenAiStreamInterpreter.Shape.COMPLETIONS);
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return OpenAiRequestBody.write(
        request, "prompt", JsonBodyWriter.InputWriter.PROMPT, ToolParts.NONE);
  }
}
