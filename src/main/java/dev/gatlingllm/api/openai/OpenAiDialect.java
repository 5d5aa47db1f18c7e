package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.AbstractDialect;
import dev.gatlingllm.api.RejectedFields;
import dev.gatlingllm.api.StreamInterpreter;
import java.util.function.Supplier;

/**
 * What the OpenAI dialects share: errors are OpenAI's {@code error} objects; the chat and
 * completions streams are read by {@link OpenAiStreamInterpreter} in the dialect's shape. Each
 * dialect writes its own request body.
 */
abstract class OpenAiDialect extends AbstractDialect {
  OpenAiDialect(String id, String defaultEndpoint, OpenAiStreamInterpreter.Shape shape) {
    this(id, defaultEndpoint, () -> new OpenAiStreamInterpreter(shape));
  }

  OpenAiDialect(String id, String defaultEndpoint, Supplier<StreamInterpreter> interpreters) {
    super(id, defaultEndpoint, interpreters);
  }

  /**
   * vLLM, SGLang and llama.cpp read it on their OpenAI endpoints; OpenAI itself rejects it (set
   * {@code llm.ignoreEos=false} there). A dialect for a hosted API only says false.
   */
  @Override
  public boolean supportsIgnoreEos() {
    return true;
  }

  @Override
  public final String errorMessage(String responseBody) {
    return RejectedFields.explain(OpenAiErrors.message(responseBody));
  }

  @Override
  public String endMarker() {
    return "[DONE] or finish_reason";
  }
}
