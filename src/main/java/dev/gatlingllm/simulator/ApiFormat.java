package dev.gatlingllm.simulator;

/** The generation APIs the simulator speaks, by path: their request fields and the shape of their streams. */
enum ApiFormat {
  /** {@code /v1/chat/completions}: a role-only delta, content deltas, finish, usage, {@code [DONE]}. */
  CHAT("/v1/chat/completions", "chatcmpl-sim-"),
  /** {@code /v1/completions}: text chunks, finish, usage, {@code [DONE]}. */
  COMPLETIONS("/v1/completions", "cmpl-sim-"),
  /**
   * {@code /v1/responses} (OpenAI Responses): created/in_progress/item/part events, {@code output_text.delta}
   * events, then {@code response.completed} (or {@code response.incomplete} at max_output_tokens) with usage.
   */
  RESPONSES("/v1/responses", "resp_sim"),
  /**
   * {@code /v1/messages} (Anthropic Messages): message_start and content_block_start, {@code text_delta}
   * events, then content_block_stop, message_delta with the stop reason and usage, message_stop.
   */
  MESSAGES("/v1/messages", "msg_sim");

  final String path;
  final String idPrefix;

  ApiFormat(String path, String idPrefix) {
    this.path = path;
    this.idPrefix = idPrefix;
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
   * True when the stream opens with events that carry no token (the chat role delta, the Responses and
   * Messages preambles): written at once, or after the role delay of a fault, and recorded as ROLE.
   */
  boolean hasOpening() {
    return this != COMPLETIONS;
  }

  /** True for the OpenAI chat and completions streams, which end with {@code data: [DONE]}. */
  boolean endsWithDone() {
    return this == CHAT || this == COMPLETIONS;
  }
}
