package dev.gatlingllm.simulator;

/**
 * The generation APIs the simulator speaks, by path: their request fields and the shape of their
 * streams ({@link ChunkTemplates} for the SSE ones, {@link OllamaTemplates} for Ollama's NDJSON).
 */
enum ApiFormat {
  /**
   * {@code /v1/chat/completions}: a role-only delta, content deltas, finish, usage, {@code [DONE]}.
   */
  CHAT("/v1/chat/completions", "chatcmpl-sim-", 1),
  /** {@code /v1/completions}: text chunks, finish, usage, {@code [DONE]}. */
  COMPLETIONS("/v1/completions", "cmpl-sim-", 2),
  /**
   * Ollama's {@code /api/chat}: NDJSON lines with {@code message.content}, the last with the
   * counts.
   */
  OLLAMA_CHAT("/api/chat", "chatcmpl-sim-", 1),
  /**
   * Ollama's {@code /api/generate}: NDJSON lines with {@code response}, the last with the counts.
   */
  OLLAMA_GENERATE("/api/generate", "cmpl-sim-", 2),
  /**
   * {@code /v1/responses} (OpenAI Responses): created/in_progress/item/part events, {@code
   * output_text.delta} events, then {@code response.completed} (or {@code response.incomplete} at
   * max_output_tokens) with usage.
   */
  RESPONSES("/v1/responses", "resp_sim", 3),
  /**
   * {@code /v1/messages} (Anthropic Messages): message_start and content_block_start, {@code
   * text_delta} events, then content_block_stop, message_delta with the stop reason and usage,
   * message_stop.
   */
  MESSAGES("/v1/messages", "msg_sim", 4);

  final String path;
  final String idPrefix;

  /**
   * Mixed into the answer's seed: the same prompt gets other words from another kind of request.
   */
  final int seedSalt;

  ApiFormat(String path, String idPrefix, int seedSalt) {
    this.path = path;
    this.idPrefix = idPrefix;
    this.seedSalt = seedSalt;
  }

  /** The format served at this path, or null. */
  static ApiFormat forPath(String path) {
    for (ApiFormat format : values()) {
      if (format.path.equals(path)) {
        return format;
      }
    }
    return null;
  }

  /**
   * True when the stream opens with events that carry no token (the chat role delta, the Responses
   * and Messages preambles): written at once, or after the role delay of a fault, and recorded as
   * ROLE.
   */
  boolean hasOpening() {
    return this == CHAT || this == RESPONSES || this == MESSAGES;
  }

  /**
   * Ollama's native API: NDJSON stream, {@code options.num_predict}, streaming unless {@code
   * "stream": false}.
   */
  boolean isOllama() {
    return this == OLLAMA_CHAT || this == OLLAMA_GENERATE;
  }

  /** True when the request carries chat {@code messages} (with roles) rather than a prompt. */
  boolean hasMessages() {
    return this == CHAT || this == OLLAMA_CHAT;
  }

  /** True for the OpenAI chat and completions streams, which end with {@code data: [DONE]}. */
  boolean endsWithDone() {
    return this == CHAT || this == COMPLETIONS;
  }
}
