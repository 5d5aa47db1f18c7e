package dev.gatlingllm.api.openai;

import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.api.RejectedFields;
import dev.gatlingllm.api.StreamInterpreter;

/**
 * What the OpenAI dialects share: the stream is read by {@link OpenAiStreamInterpreter} in the dialect's
 * shape, errors are OpenAI's {@code error} objects. Each dialect writes its own request body.
 */
abstract class OpenAiDialect implements LlmDialect {
  private final String id;
  private final String defaultEndpoint;
  private final OpenAiStreamInterpreter.Shape shape;

  OpenAiDialect(String id, String defaultEndpoint, OpenAiStreamInterpreter.Shape shape) {
    this.id = id;
    this.defaultEndpoint = defaultEndpoint;
    this.shape = shape;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String defaultEndpoint() {
    return defaultEndpoint;
  }

  /** vLLM, SGLang and llama.cpp read it; OpenAI itself rejects it (set {@code llm.ignoreEos=false} there). */
  @Override
  public final boolean supportsIgnoreEos() {
    return true;
  }

  @Override
  public final StreamInterpreter newInterpreter() {
    return new OpenAiStreamInterpreter(shape);
  }

  @Override
  public final String errorMessage(String responseBody) {
    return RejectedFields.explain(OpenAiErrors.message(responseBody));
  }

  @Override
  public final String toString() {
    return id;
  }
}
