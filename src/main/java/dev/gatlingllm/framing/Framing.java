package dev.gatlingllm.framing;

import java.util.List;

/**
 * How a streamed response body is cut into {@link Frame}s, with the media types that announce it.
 */
public enum Framing {
  /**
   * Server-Sent Events ({@code data:} lines, events ended by a blank line): OpenAI, Anthropic,
   * vLLM...
   */
  SSE("SSE", "SSE event", List.of("text/event-stream")),
  /** Newline-delimited JSON, one object per line: Ollama's native API. */
  NDJSON("NDJSON", "JSON line", List.of("application/x-ndjson", "application/ndjson")),
  /**
   * One JSON document, the whole body, not streamed: embeddings and rerank answers. Its one frame
   * comes at the end of the body.
   */
  JSON("JSON", "JSON body", List.of("application/json"));

  private final String label;
  private final String unit;
  private final List<String> mediaTypes;

  Framing(String label, String unit, List<String> mediaTypes) {
    this.label = label;
    this.unit = unit;
    this.mediaTypes = mediaTypes;
  }

  /** The framing's short name for messages: {@code SSE}, {@code NDJSON}. */
  public String label() {
    return label;
  }

  /** What one frame is called in messages: {@code SSE event}, {@code JSON line}. */
  public String unit() {
    return unit;
  }

  /** The media types a response of this framing is served with, the usual one first. */
  public List<String> mediaTypes() {
    return mediaTypes;
  }
}
