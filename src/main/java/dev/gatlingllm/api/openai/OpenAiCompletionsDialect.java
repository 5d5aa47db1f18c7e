package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.ChatMessage;
import dev.gatlingllm.api.GenerationRequest;
import java.util.List;

/**
 * The legacy OpenAI Completions API ({@code /v1/completions}): a raw {@code prompt} in, {@code choices[].text}
 * out. Still the way to benchmark an exact prompt without a chat template (vLLM, SGLang, llama.cpp).
 */
public final class OpenAiCompletionsDialect extends OpenAiDialect {
  public static final String ID = "openai-completions";

  public OpenAiCompletionsDialect() {
    super(ID, "/v1/completions", OpenAiStreamInterpreter.Shape.COMPLETIONS);
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
  static String promptOf(List<ChatMessage> messages) {
    if (messages.isEmpty()) {
      return null;
    }
    StringBuilder prompt = new StringBuilder();
    for (ChatMessage message : messages) {
      if (prompt.length() > 0) {
        prompt.append('\n');
      }
      prompt.append(message.content());
    }
    return prompt.toString();
  }
}
