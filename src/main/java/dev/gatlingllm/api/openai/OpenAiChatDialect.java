package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.ChatMessage;
import dev.gatlingllm.api.GenerationRequest;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.StreamInterpreter;

/**
 * OpenAI Chat Completions ({@code /v1/chat/completions}), as served by OpenAI, vLLM, SGLang, llama.cpp, TGI
 * and most gateways. Stateless: one shared instance is enough.
 */
public final class OpenAiChatDialect implements LlmDialect {
  public static final String ID = "openai-chat";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String defaultEndpoint() {
    return "/v1/chat/completions";
  }

  @Override
  public String requestBody(GenerationRequest request) {
    return OpenAiRequestBody.write(request, "messages", (json, r) -> {
      json.writeArrayFieldStart("messages");
      // A request with only a prompt (e.g. a completion workload sent to a chat endpoint) asks it as the user.
      java.util.List<ChatMessage> messages =
          r.messages().isEmpty() && r.prompt() != null ? java.util.List.of(ChatMessage.user(r.prompt())) : r.messages();
      for (ChatMessage message : messages) {
        json.writeStartObject();
        json.writeStringField("role", message.role());
        json.writeStringField("content", message.content());
        json.writeEndObject();
      }
      json.writeEndArray();
    });
  }

  @Override
  public StreamInterpreter newInterpreter() {
    return new OpenAiStreamInterpreter(OpenAiStreamInterpreter.Shape.CHAT);
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
