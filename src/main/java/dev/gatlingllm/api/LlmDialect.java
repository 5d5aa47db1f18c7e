package dev.gatlingllm.api;

import dev.gatlingllm.framing.Framing;
import java.util.List;
import java.util.Map;

/**
 * One API dialect (OpenAI chat, OpenAI completions, Ollama...): how a generation request is written
 * and sent, and how the streamed response is framed and read. A dialect is stateless and shared;
 * the per-stream state lives in the {@link StreamInterpreter} it creates for each request.
 */
public interface LlmDialect {
  /** Short stable identifier, e.g. {@code openai-chat}. */
  String id();

  /** The path used when the user names none, e.g. {@code /v1/chat/completions}. */
  String defaultEndpoint();

  /**
   * The JSON request body, always asking for a streamed response; with {@code ignore_eos} only
   * where {@link #supportsIgnoreEos()} says the API has it.
   */
  String requestBody(GenerationRequest request);

  /**
   * Whether the API has an {@code ignore_eos} field (vLLM, SGLang and llama.cpp extend OpenAI's API
   * with it). A dialect without it leaves the request's {@code ignoreEos} out of the body it
   * writes, and the ready simulations say so once, since outputs may then stop before their max
   * tokens. False unless a dialect says otherwise.
   */
  default boolean supportsIgnoreEos() {
    return false;
  }

  /**
   * Why this API cannot carry a JSON schema for the answer ({@code responseFormat}), or null when
   * it can: every OpenAI-style and Ollama dialect can.
   */
  default String noResponseSchema() {
    return null;
  }

  /**
   * Why this API cannot carry audio in the prompt ({@code audio(..)}), or null when it can: only
   * OpenAI's chat API (and Azure's) has a part for it, {@code input_audio}.
   */
  default String noAudio() {
    return audioRefusal("the " + id() + " dialect");
  }

  /** The refusal of audio by {@code api}, which has no part for it. */
  static String audioRefusal(String api) {
    return "audio in the prompt needs the OpenAI chat API (input_audio parts): "
        + api
        + " cannot carry it";
  }

  /** A fresh interpreter for one response stream. */
  StreamInterpreter newInterpreter();

  /**
   * A fresh interpreter for the answer to a request of {@code inputs} texts (an embeddings batch,
   * the documents of a rerank), which it checks the answer against; a generation dialect ignores
   * the count.
   */
  default StreamInterpreter newInterpreter(int inputs) {
    return newInterpreter();
  }

  /**
   * The human-readable error of a non-2xx response body (e.g. OpenAI's {@code error.message}), or
   * the body itself, shortened, when it has no known shape. A refusal of a field the plugin writes
   * goes through {@link RejectedFields#explain}, so that the KO message names the setting to
   * change.
   */
  String errorMessage(String responseBody);

  /** How the streamed body is cut into frames; SSE unless the API says otherwise. */
  default Framing framing() {
    return Framing.SSE;
  }

  /**
   * The media types a streamed response may be served with (parameters such as {@code charset}
   * aside); any other is a KO. The framing's by default.
   */
  default List<String> contentTypes() {
    return framing().mediaTypes();
  }

  /** The {@code Accept} header of every request: the framing's usual media type by default. */
  default String accept() {
    return framing().mediaTypes().get(0);
  }

  /**
   * The headers that carry the API key, built from it: {@code Authorization: Bearer <key>} by
   * default. Every value returned is a secret, hidden in messages and reports like the key itself;
   * non-secret headers an API requires go in {@link #fixedHeaders()}.
   */
  default Map<String, String> authHeaders(String apiKey) {
    return Map.of("Authorization", "Bearer " + apiKey);
  }

  /**
   * Headers every request of this API needs besides the key (e.g. an API version); none by default.
   */
  default Map<String, String> fixedHeaders() {
    return Map.of();
  }

  /** What ends a complete stream, for the KO message of a body that ends without it. */
  default String endMarker() {
    return "its end marker";
  }
}
