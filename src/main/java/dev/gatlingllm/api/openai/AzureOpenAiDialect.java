package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.GenerationRequest;
import java.util.Map;

/**
 * Azure OpenAI: the OpenAI chat format (body, stream, errors) with Azure's key header, {@code
 * api-key}.
 *
 * <p>A dialect of its own rather than openai-chat with a custom header: the key must be sent in
 * {@code api-key} instead of {@code Authorization: Bearer}, and only a dialect's auth headers are
 * known to carry the key, so that it is redacted wherever it could appear (a plain {@code
 * header(..)} is not). The path is the user's: the default is Azure's v1 API ({@code
 * /openai/v1/chat/completions}, the deployment named by {@code model}); the deployment API is set
 * with {@code
 * endpoint("/openai/deployments/<deployment>/chat/completions?api-version=2024-10-21")}.
 */
public final class AzureOpenAiDialect extends OpenAiDialect {
  public static final String ID = "azure-openai";

  private static final OpenAiChatDialect CHAT = new OpenAiChatDialect();

  public AzureOpenAiDialect() {
    super(ID, "/openai/v1/chat/completions", OpenAiStreamInterpreter.Shape.CHAT);
  }

  /** Azure OpenAI refuses it: {@code Unrecognized request argument supplied: ignore_eos}. */
  @Override
  public boolean supportsIgnoreEos() {
    return false;
  }

  /**
   * OpenAI chat's body, less the {@code ignore_eos} that chat's writer carries for self-hosted
   * servers.
   */
  /** Chat Completions takes audio as {@code input_audio} parts. */
  @Override
  public String noAudio() {
    return null;
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return CHAT.requestBody(request.withoutIgnoreEos());
  }

  @Override
  public Map<String, String> authHeaders(String apiKey) {
    return Map.of("api-key", apiKey);
  }
}
