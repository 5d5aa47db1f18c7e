package dev.gatlingllm.dsl;

import dev.gatlingllm.api.Dialects;
import dev.gatlingllm.api.LlmDialect;
import dev.gatlingllm.stream.StreamSettings;
import dev.gatlingllm.tokenize.JTokkitTokenizer;
import dev.gatlingllm.tokenize.Tokenizer;
import io.gatling.javaapi.core.ProtocolBuilder;
import java.time.Duration;
import java.util.Objects;

/** Immutable builder of the {@link LlmProtocol}: every call returns a new builder. */
public final class LlmProtocolBuilder implements ProtocolBuilder {
  static final LlmProtocolBuilder DEFAULT =
      new LlmProtocolBuilder(
          new LlmProtocol(Dialects.byId("openai-chat"), null, null, null, StreamSettings.DEFAULTS, true, null));

  private final LlmProtocol protocol;

  private LlmProtocolBuilder(LlmProtocol protocol) {
    this.protocol = protocol;
  }

  /** The API dialect by id: {@code openai-chat} (default) or {@code openai-completions}. */
  public LlmProtocolBuilder dialect(String id) {
    return dialect(Dialects.byId(id));
  }

  public LlmProtocolBuilder dialect(LlmDialect dialect) {
    Objects.requireNonNull(dialect, "dialect");
    return with(new LlmProtocol(dialect, protocol.endpoint(), protocol.model(), protocol.apiKey(),
        protocol.settings(), protocol.includeUsage(), protocol.tokenizer()));
  }

  /** The request path (default: the dialect's, e.g. {@code /v1/chat/completions}), resolved against baseUrl. */
  public LlmProtocolBuilder endpoint(String endpoint) {
    return with(new LlmProtocol(protocol.dialect(), blankToNull(endpoint), protocol.model(), protocol.apiKey(),
        protocol.settings(), protocol.includeUsage(), protocol.tokenizer()));
  }

  /** The model every request names unless the request sets its own. */
  public LlmProtocolBuilder model(String model) {
    return with(new LlmProtocol(protocol.dialect(), protocol.endpoint(), blankToNull(model), protocol.apiKey(),
        protocol.settings(), protocol.includeUsage(), protocol.tokenizer()));
  }

  /** Sent as {@code Authorization: Bearer <key>}; hidden in every message and report. */
  public LlmProtocolBuilder apiKey(String apiKey) {
    return with(new LlmProtocol(protocol.dialect(), protocol.endpoint(), protocol.model(), blankToNull(apiKey),
        protocol.settings(), protocol.includeUsage(), protocol.tokenizer()));
  }

  /** The longest silence allowed while waiting for the response or between two chunks (default 30 s). */
  public LlmProtocolBuilder idleTimeout(Duration timeout) {
    return settings(protocol.settings().withIdleTimeout(timeout));
  }

  /** The longest a whole request may take, from its scheduling to its end (default 10 min). */
  public LlmProtocolBuilder timeout(Duration timeout) {
    return settings(protocol.settings().withOverallTimeout(timeout));
  }

  /** Ask for the usage chunk ({@code stream_options.include_usage}, default true). */
  public LlmProtocolBuilder includeUsage(boolean includeUsage) {
    return with(new LlmProtocol(protocol.dialect(), protocol.endpoint(), protocol.model(), protocol.apiKey(),
        protocol.settings(), includeUsage, protocol.tokenizer()));
  }

  /**
   * Count tokens on the client too, with a JTokkit encoding ({@code cl100k_base}, {@code o200k_base}...):
   * used when the server sends no usage, and compared with the server's count when it does.
   */
  public LlmProtocolBuilder tokenizer(String encoding) {
    return tokenizer(JTokkitTokenizer.of(encoding));
  }

  public LlmProtocolBuilder tokenizer(Tokenizer tokenizer) {
    return with(new LlmProtocol(protocol.dialect(), protocol.endpoint(), protocol.model(), protocol.apiKey(),
        protocol.settings(), protocol.includeUsage(), tokenizer));
  }

  private LlmProtocolBuilder settings(StreamSettings settings) {
    return with(new LlmProtocol(protocol.dialect(), protocol.endpoint(), protocol.model(), protocol.apiKey(),
        settings, protocol.includeUsage(), protocol.tokenizer()));
  }

  private static LlmProtocolBuilder with(LlmProtocol protocol) {
    return new LlmProtocolBuilder(protocol);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  @Override
  public LlmProtocol protocol() {
    return protocol;
  }
}
