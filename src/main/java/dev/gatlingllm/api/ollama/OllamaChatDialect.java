package dev.gatlingllm.api.ollama;

import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.json.ImageParts;
import dev.gatlingllm.api.json.JsonBodyWriter;
import dev.gatlingllm.api.json.ToolParts;

/**
 * Ollama's native chat endpoint ({@code /api/chat}): {@code messages} in; {@code message.content},
 * {@code message.thinking} and {@code message.tool_calls} out, one JSON object per line. Stateless.
 */
public final class OllamaChatDialect extends OllamaDialect {
  public static final String ID = "ollama-chat";

  public OllamaChatDialect() {
    super(ID, "/api/chat", OllamaStreamInterpreter.Shape.CHAT);
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return OllamaRequestBody.write(
        request,
        "messages",
        JsonBodyWriter.InputWriter.messages(ImageParts.OLLAMA, ToolParts.OLLAMA),
        ToolParts.OLLAMA);
  }
}
