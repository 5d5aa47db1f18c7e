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
      String prompt = r.prompt() != null ? r.prompt() : promptOf(r.messages());
      if (prompt != null) {
        json.writeStringField("prompt", prompt);
      }
    });
  }

  /**
   * Messages without a prompt (e.g. a chat workload sent to a completions endpoint): their texts, one per
   * line, since this API has no roles. Null when there are none.
   */
  static String promptOf(java.util.List<dev.gatlingllm.api.ChatMessage> messages) {
    if (messages.isEmpty()) {
      return null;
    }
    StringBuilder prompt = new StringBuilder();
    for (dev.gatlingllm.api.ChatMessage message : messages) {
      if (prompt.length() > 0) {
        prompt.append('\n');
      }
      prompt.append(message.content());
    }
    return prompt.toString();
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
