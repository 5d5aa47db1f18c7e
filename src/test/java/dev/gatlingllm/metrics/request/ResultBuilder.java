package dev.gatlingllm.metrics.request;

/**
 * Request results for tests, figure by figure by name: what is not set is what a request that
 * reached nothing has (an OK 200, no timing, no token, nothing from the server), so that a test
 * names only the figures it checks.
 */
public final class ResultBuilder {
  private Verdict outcome = Verdict.ok(200);
  private long sendLatenessNanos;
  private long ttfbNanos = -1;
  private long ttftNanos = -1;
  private long ttftFromScheduledNanos = -1;
  private long ttfoNanos = -1;
  private long e2elNanos = -1;
  private long tpotNanos = -1;
  private long durationNanos;
  private int tokenEvents;
  private long[] itlNanos = new long[0];
  private long outputTokens;
  private TokenCountSource outputTokenSource = TokenCountSource.EVENT_COUNT;
  private long serverOutputTokens = -1;
  private long clientOutputTokens = -1;
  private long inputTokens = -1;
  private TokenCountSource inputTokenSource = TokenCountSource.UNKNOWN;
  private String requestId;
  private long serverDecodeNanos = -1;
  private long serverReasoningTokens = -1;
  private long serverPrefillNanos = -1;
  private Generation generation = Generation.UNKNOWN;

  private ResultBuilder() {}

  public static ResultBuilder result() {
    return new ResultBuilder();
  }

  /** A builder holding every figure of {@code r}, to change a few of them. */
  public static ResultBuilder from(RequestResult r) {
    return result()
        .outcome(r.outcome())
        .sendLatenessNanos(r.sendLatenessNanos())
        .ttfbNanos(r.ttfbNanos())
        .ttftNanos(r.ttftNanos())
        .ttftFromScheduledNanos(r.ttftFromScheduledNanos())
        .ttfoNanos(r.ttfoNanos())
        .e2elNanos(r.e2elNanos())
        .tpotNanos(r.tpotNanos())
        .durationNanos(r.durationNanos())
        .tokenEvents(r.tokenEvents())
        .itlNanos(r.itlNanos())
        .outputTokens(r.outputTokens(), r.outputTokenSource())
        .serverOutputTokens(r.serverOutputTokens())
        .clientOutputTokens(r.clientOutputTokens())
        .inputTokens(r.inputTokens(), r.inputTokenSource())
        .requestId(r.requestId())
        .serverDecodeNanos(r.serverDecodeNanos())
        .serverReasoningTokens(r.serverReasoningTokens())
        .serverPrefillNanos(r.serverPrefillNanos())
        .generation(r.generation());
  }

  public ResultBuilder outcome(Verdict value) {
    outcome = value;
    return this;
  }

  public ResultBuilder sendLatenessNanos(long value) {
    sendLatenessNanos = value;
    return this;
  }

  public ResultBuilder ttfbNanos(long value) {
    ttfbNanos = value;
    return this;
  }

  public ResultBuilder ttftNanos(long value) {
    ttftNanos = value;
    return this;
  }

  public ResultBuilder ttftFromScheduledNanos(long value) {
    ttftFromScheduledNanos = value;
    return this;
  }

  public ResultBuilder ttfoNanos(long value) {
    ttfoNanos = value;
    return this;
  }

  public ResultBuilder e2elNanos(long value) {
    e2elNanos = value;
    return this;
  }

  public ResultBuilder tpotNanos(long value) {
    tpotNanos = value;
    return this;
  }

  public ResultBuilder durationNanos(long value) {
    durationNanos = value;
    return this;
  }

  public ResultBuilder tokenEvents(int value) {
    tokenEvents = value;
    return this;
  }

  public ResultBuilder itlNanos(long[] value) {
    itlNanos = value;
    return this;
  }

  public ResultBuilder outputTokens(long value, TokenCountSource source) {
    outputTokens = value;
    outputTokenSource = source;
    return this;
  }

  public ResultBuilder serverOutputTokens(long value) {
    serverOutputTokens = value;
    return this;
  }

  public ResultBuilder clientOutputTokens(long value) {
    clientOutputTokens = value;
    return this;
  }

  public ResultBuilder inputTokens(long value, TokenCountSource source) {
    inputTokens = value;
    inputTokenSource = source;
    return this;
  }

  public ResultBuilder requestId(String value) {
    requestId = value;
    return this;
  }

  public ResultBuilder serverDecodeNanos(long value) {
    serverDecodeNanos = value;
    return this;
  }

  public ResultBuilder serverReasoningTokens(long value) {
    serverReasoningTokens = value;
    return this;
  }

  public ResultBuilder serverPrefillNanos(long value) {
    serverPrefillNanos = value;
    return this;
  }

  public ResultBuilder generation(Generation value) {
    generation = value;
    return this;
  }

  /** The limit the request asked for and the reason it stopped. */
  public ResultBuilder generation(long maxTokens, String finishReason) {
    return generation(new Generation(maxTokens, finishReason));
  }

  public RequestResult build() {
    return new RequestResult(
        outcome,
        sendLatenessNanos,
        ttfbNanos,
        ttftNanos,
        ttftFromScheduledNanos,
        ttfoNanos,
        e2elNanos,
        tpotNanos,
        durationNanos,
        tokenEvents,
        itlNanos,
        outputTokens,
        outputTokenSource,
        serverOutputTokens,
        clientOutputTokens,
        inputTokens,
        inputTokenSource,
        requestId,
        serverDecodeNanos,
        serverReasoningTokens,
        serverPrefillNanos,
        generation);
  }
}
