package dev.gatlingllm.api;

/**
 * One API dialect (OpenAI chat, OpenAI completions, ...): how a generation request is written and how the
 * streamed events are read. A dialect is stateless and shared; the per-stream state lives in the
 * {@link StreamInterpreter} it creates for each request.
 */
public interface LlmDialect {
  /** Short stable identifier, e.g. {@code openai-chat}. */
  String id();

  /** The path used when the user names none, e.g. {@code /v1/chat/completions}. */
  String defaultEndpoint();

  /** The JSON request body, always asking for a streamed response. */
  String requestBody(GenerationRequest request);

  /**
   * Whether the API has an {@code ignore_eos} field (vLLM, SGLang and llama.cpp extend OpenAI's API with it).
   * A dialect without it never receives one: the request loses the field before its body is written, and the
   * ready simulations say so once, since outputs may then stop before their max tokens. False unless a
   * dialect says otherwise.
   */
  default boolean supportsIgnoreEos() {
    return false;
  }

  /** A fresh interpreter for one response stream. */
  StreamInterpreter newInterpreter();

  /**
   * The human-readable error of a non-2xx response body (e.g. OpenAI's {@code error.message}), or the body
   * itself, shortened, when it has no known shape. A refusal of a field the plugin writes goes through
   * {@link RejectedFields#explain}, so that the KO message names the setting to change.
   */
  String errorMessage(String responseBody);
}
