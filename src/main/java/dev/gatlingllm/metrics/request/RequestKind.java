package dev.gatlingllm.metrics.request;

/**
 * What a request asked a server for, which decides the figures it has (metrics.md, "Request
 * kinds"). Agent sessions, structured output, images and audio are facets of a generation, not
 * kinds of their own: their requests stream tokens like any other generation.
 */
public enum RequestKind {
  /**
   * A generation (chat, completions, Responses, Anthropic, Ollama): a streamed answer with output
   * tokens, TTFT, TPOT and ITL.
   */
  GENERATION("generation requests"),

  /**
   * An embeddings or rerank request (pooling): its answer comes whole, so it has inputs and one
   * latency, the E2EL, and no output tokens.
   */
  POOLING("embeddings and rerank requests");

  private final String plural;

  RequestKind(String plural) {
    this.plural = plural;
  }

  /** The kind of a request from its counts: a pooling request sent inputs. */
  public static RequestKind of(TokenCounts tokens) {
    return tokens.inputs() > 0 ? POOLING : GENERATION;
  }

  /** Its requests, in words: "generation requests", "embeddings and rerank requests". */
  public String plural() {
    return plural;
  }
}
