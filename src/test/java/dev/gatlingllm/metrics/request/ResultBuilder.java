package dev.gatlingllm.metrics.request;

import dev.gatlingllm.metrics.stats.Micros;

/**
 * Request results for tests, figure by figure by name: what is not set is what a request that
 * reached nothing has (an OK 200, no timing, no token, nothing from the server), so that a test
 * names only the figures it checks. The parts are gathered by their figures' names ({@link
 * RecordShape}), so a figure added to one needs nothing here.
 */
public final class ResultBuilder {
  private static final RecordShape<Timing> TIMING = RecordShape.of(Timing.class);
  private static final RecordShape<TokenCounts> TOKENS = RecordShape.of(TokenCounts.class);
  private static final RecordShape<ServerFigures> SERVER = RecordShape.of(ServerFigures.class);

  private Verdict outcome = Verdict.ok(200);
  private String requestId;
  private long[] itlNanos = new long[0];
  private final RecordShape.Builder<Timing> timing;
  private final RecordShape.Builder<TokenCounts> tokens;
  private final RecordShape.Builder<ServerFigures> server;

  private ResultBuilder(Timing timing, TokenCounts tokens, ServerFigures server) {
    this.timing = TIMING.builder(timing);
    this.tokens = TOKENS.builder(tokens);
    this.server = SERVER.builder(server);
  }

  public static ResultBuilder result() {
    return new ResultBuilder(
        TIMING.builder().set("sendLatenessNanos", 0).set("durationNanos", 0).build(),
        TOKENS.builder().set("outputTokenSource", TokenCountSource.EVENT_COUNT).build(),
        SERVER.builder().build());
  }

  /** A builder holding every figure of {@code r}, to change a few of them. */
  public static ResultBuilder from(RequestResult r) {
    ResultBuilder builder = new ResultBuilder(r.timing(), r.tokens(), r.server());
    builder.outcome = r.outcome();
    builder.requestId = r.requestId();
    builder.itlNanos = r.itlNanos();
    return builder;
  }

  public ResultBuilder outcome(Verdict value) {
    outcome = value;
    return this;
  }

  public ResultBuilder requestId(String value) {
    requestId = value;
    return this;
  }

  public ResultBuilder itlNanos(long[] value) {
    itlNanos = value;
    return this;
  }

  /** Any figure of the timing by its name ({@link Timing}). */
  public ResultBuilder timing(String figure, long nanos) {
    timing.set(figure, nanos);
    return this;
  }

  /** Any token figure by its name ({@link TokenCounts}). */
  public ResultBuilder tokens(String figure, Object value) {
    tokens.set(figure, value);
    return this;
  }

  /** Any server figure by its name ({@link ServerFigures}). */
  public ResultBuilder server(String figure, long value) {
    server.set(figure, value);
    return this;
  }

  public ResultBuilder sendLatenessNanos(long value) {
    return timing("sendLatenessNanos", value);
  }

  public ResultBuilder ttfbNanos(long value) {
    return timing("ttfbNanos", value);
  }

  public ResultBuilder ttftNanos(long value) {
    return timing("ttftNanos", value);
  }

  public ResultBuilder ttftFromScheduledNanos(long value) {
    return timing("ttftFromScheduledNanos", value);
  }

  public ResultBuilder ttfoNanos(long value) {
    return timing("ttfoNanos", value);
  }

  public ResultBuilder e2elNanos(long value) {
    return timing("e2elNanos", value);
  }

  public ResultBuilder tpotNanos(long value) {
    return timing("tpotNanos", value);
  }

  public ResultBuilder durationNanos(long value) {
    return timing("durationNanos", value);
  }

  public ResultBuilder tokenEvents(int value) {
    return tokens("tokenEvents", value);
  }

  public ResultBuilder outputTokens(long value, TokenCountSource source) {
    return tokens("outputTokens", value).tokens("outputTokenSource", source);
  }

  public ResultBuilder serverOutputTokens(long value) {
    return tokens("serverOutputTokens", value);
  }

  public ResultBuilder clientOutputTokens(long value) {
    return tokens("clientOutputTokens", value);
  }

  public ResultBuilder inputTokens(long value, TokenCountSource source) {
    return tokens("inputTokens", value).tokens("inputTokenSource", source);
  }

  /**
   * The server's decode time, given in nanoseconds as a server reports it, kept in microseconds.
   */
  public ResultBuilder serverDecodeNanos(long value) {
    return server("decodeMicros", Micros.of(value));
  }

  public ResultBuilder serverReasoningTokens(long value) {
    return server("reasoningTokens", value);
  }

  /**
   * The server's prompt time, given in nanoseconds as a server reports it, kept in microseconds.
   */
  public ResultBuilder serverPrefillNanos(long value) {
    return server("prefillMicros", Micros.of(value));
  }

  /** The limit the request asked for and the reason it stopped. */
  public ResultBuilder generation(long maxTokens, String finishReason) {
    return tokens("maxTokens", maxTokens).tokens("finishReason", finishReason);
  }

  public RequestResult build() {
    return new RequestResult(
        outcome, requestId, timing.build(), itlNanos, tokens.build(), server.build());
  }
}
