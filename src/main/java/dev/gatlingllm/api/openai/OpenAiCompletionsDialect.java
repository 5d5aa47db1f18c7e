package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.StreamInterpreter;

/**
 * The legacy OpenAI Completions API ({@code /v1/completions}): a raw {@code prompt} in, {@code choices[].text}
 * out. Still the way to benchmark an exact prompt without a chat template (vLLM, SGLang, llama.cpp).
 */
public final class OpenAiCompletionsDialect implements LlmDialect {
  public static final String ID = "openai-completions";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String defaultEndpoint() {
    return "/v1/completions";
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return OpenAiRequestBody.write(request, "prompt", (json, r) -> {
      if (r.prompt() != null) {
        json.writeStringField("prompt", r.prompt());
      }
    });
  }

  @Override
  public StreamInterpreter newInterpreter() {
    return new OpenAiStreamInterpreter(OpenAiStreamInterpreter.Shape.COMPLETIONS);
  }

  @Override
  public String errorMessage(String responseBody) {
    return OpenAiErrors.message(responseBody);
  }

  @Override
  public String toString() {
    return ID;
  }
}
