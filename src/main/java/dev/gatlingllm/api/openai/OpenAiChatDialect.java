package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.ToolParts;

/**
 * OpenAI Chat Completions ({@code /v1/chat/completions}), as served by OpenAI, vLLM, SGLang,
 * llama.cpp, TGI and most gateways. Stateless: one shared instance is enough.
 */
public final class OpenAiChatDialect extends OpenAiDialect {
  public static final String ID = "openai-chat";

  public OpenAiChatDialect() {
    super(ID, "/v1/chat/completions", OpenAiStreamInterpreter.Shape.CHAT);
  }

  /** Chat Completions takes audio as {@code input_audio} parts. */
  @Override
  public String noAudio() {
    return null;
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return OpenAiRequestBody.write(
        request, "messages", JsonBodyWriter.InputWriter.MESSAGES, ToolParts.OPENAI_CHAT);
  }
}
